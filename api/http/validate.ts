/**
 * Validation at the edge with the shared zod schemas: malformed JSON → 400 bad_json, a body
 * that breaks the rules → 422 validation_failed with one pt-BR message per field (spec §5), and
 * a path id that is not a UUID → 404, exactly as an unknown id (never a 422 that hints at it).
 */
import { validator } from 'hono/validator';
import * as z from 'zod/mini';
import { MESSAGES } from '../../src/shared/api-errors.ts';
import { fieldMessages } from '../../src/shared/field-messages.ts';
import { ApiError } from '../errors.ts';
import { documentInput } from './openapi.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** `value` parsed by `schema`, or 422 validation_failed with one pt-BR message per field. */
async function parsed<Schema extends z.ZodMiniType>(schema: Schema, value: unknown, message?: string) {
  const result = await schema.safeParseAsync(value);
  if (!result.success) throw new ApiError('validation_failed', message, { fields: fieldMessages(result.error) });
  return result.data as z.output<Schema>;
}

// Each validator also declares its schema in the OpenAPI document (http/openapi.ts).
export function jsonBody<Schema extends z.ZodMiniType>(schema: Schema, message?: string) {
  const check = validator('json', (value: unknown) => parsed(schema, value, message));
  documentInput(check, 'json', schema);
  return check;
}

export function queryParams<Schema extends z.ZodMiniType>(schema: Schema) {
  const check = validator('query', (value: unknown) => parsed(schema, value));
  documentInput(check, 'query', schema);
  return check;
}

/** The `:id` of a path, checked once for every route that takes one; `notFound` is what an unknown id answers. */
/** A second path id (e.g. :userId under /children/:id): not a UUID → 404, as an unknown one. */
export function pathId(value: string | undefined, notFound: string): string {
  if (!value || !UUID.test(value)) throw new ApiError('not_found', notFound);
  return value;
}

const idSchema = z.object({ id: z.guid() });

export function idParam(notFound: string) {
  const check = validator('param', (value: Record<string, string>) => {
    const id = value.id ?? '';
    if (!UUID.test(id)) throw new ApiError('not_found', notFound);
    // The route's other path parameters (e.g. :key) pass through untouched.
    return { ...value, id } as Record<string, string> & { id: string };
  });
  documentInput(check, 'param', idSchema);
  return check;
}

/** The `:id` of the routes under /api/children/:id: not a UUID → 404, as an unknown child. */
export const childParam = idParam(MESSAGES.childNotFound);
