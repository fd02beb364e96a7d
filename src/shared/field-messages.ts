/** One pt-BR message per field from a zod error, as forms and the API's 422 show them. */
import type * as z from 'zod/mini';

export function fieldMessages(error: { issues: ReadonlyArray<z.core.$ZodIssue> }): Record<string, string> {
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
