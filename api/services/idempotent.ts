/**
 * The offline-safe insert every list uses. A record may carry the id its device made, so a send
 * retried after a dropped connection stores it once: the same id again answers the stored row when
 * it is the caller's. Another mother's id is never revealed: the record is stored under a fresh
 * id, exactly as an unknown id would be.
 */
import { and, eq, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { SelectResultFields } from 'drizzle-orm/query-builders/select.types';
import type { Database } from '../db/client.ts';

type WithId = PgTable & { id: PgColumn };

export async function insertOnce<Table extends WithId, Columns extends Record<string, PgColumn>>(
  db: Database,
  table: Table,
  args: {
    /** the device's id, when it sent one */
    id: string | undefined;
    values: Table['$inferInsert'];
    columns: Columns;
    /** the condition that makes a stored row the caller's */
    mine: SQL;
    /** turns a database refusal into the contract's answer (e.g. a unique rule) */
    onError?: (err: unknown) => never;
  },
): Promise<SelectResultFields<Columns>> {
  const { id, values, columns, mine, onError } = args;
  const run = async (query: () => PromiseLike<unknown>): Promise<unknown[]> => {
    try {
      return (await query()) as unknown[];
    } catch (err) {
      if (onError) onError(err);
      throw err;
    }
  };
  // biome-ignore lint/suspicious/noExplicitAny: drizzle cannot type an insert into a generic table
  const into = () => db.insert(table as any);
  if (id) {
    const [row] = await run(() =>
      into()
        .values({ ...values, id })
        .onConflictDoNothing({ target: table.id })
        .returning(columns),
    );
    if (row) return row as SelectResultFields<Columns>;
    const [existing] = await db
      // biome-ignore lint/suspicious/noExplicitAny: as above, a select from a generic table
      .select(columns as any)
      .from(table as PgTable)
      .where(and(eq(table.id, id), mine));
    if (existing) return existing as SelectResultFields<Columns>;
  }
  const [fresh] = await run(() => into().values(values).returning(columns));
  return fresh as SelectResultFields<Columns>;
}
