/**
 * Validation at the edge with the shared zod schemas: malformed JSON → 400 bad_json, a body
 * that breaks the rules → 422 validation_failed with one pt-BR message per field (spec §5).
 */
import type { Context } from 'hono';
import { validator } from 'hono/validator';
import type { z } from 'zod';
import { ApiError } from './errors.ts';

export function fieldErrors(error: z.ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) fields[[...issue.path, key].join('.')] ??= 'Campo não permitido';
      continue;
    }
    const key = issue.path.length ? issue.path.join('.') : '_';
    fields[key] ??= issue.message;
  }
  return fields;
}

export function jsonBody<Schema extends z.ZodType>(schema: Schema, message?: string) {
  return validator('json', async (value: unknown, _c: Context) => {
    const result = await schema.safeParseAsync(value);
    if (!result.success) {
      throw new ApiError('validation_failed', message, { fields: fieldErrors(result.error) });
    }
    return result.data as z.output<Schema>;
  });
}

export function queryParams<Schema extends z.ZodType>(schema: Schema) {
  return validator('query', async (value: unknown) => {
    const result = await schema.safeParseAsync(value);
    if (!result.success) throw new ApiError('validation_failed', undefined, { fields: fieldErrors(result.error) });
    return result.data as z.output<Schema>;
  });
}
