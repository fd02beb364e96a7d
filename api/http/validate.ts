/**
 * Validation at the edge with the shared zod schemas: malformed JSON → 400 bad_json, a body
 * that breaks the rules → 422 validation_failed with one pt-BR message per field (spec §5).
 */
import type { Context } from 'hono';
import { validator } from 'hono/validator';
import type * as z from 'zod/mini';
import { fieldMessages } from '../../src/shared/validation.ts';
import { ApiError } from './errors.ts';

export const fieldErrors = fieldMessages;

/** Path ids are UUIDs; anything else is simply not found (never a 422 that hints at the format). */
export const isUuid = (value: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);

export function jsonBody<Schema extends z.ZodMiniType>(schema: Schema, message?: string) {
  return validator('json', async (value: unknown, _c: Context) => {
    const result = await schema.safeParseAsync(value);
    if (!result.success) {
      throw new ApiError('validation_failed', message, { fields: fieldErrors(result.error) });
    }
    return result.data as z.output<Schema>;
  });
}

export function queryParams<Schema extends z.ZodMiniType>(schema: Schema) {
  return validator('query', async (value: unknown) => {
    const result = await schema.safeParseAsync(value);
    if (!result.success) throw new ApiError('validation_failed', undefined, { fields: fieldErrors(result.error) });
    return result.data as z.output<Schema>;
  });
}
