/**
 * The children a mother follows, and what is kept per child besides the diaries: the checklist
 * ticks of every stage and the observation notes of each guide. Free for every mother; every
 * query is scoped to her, and another mother's child answers 404 like an unknown one.
 */
import { and, asc, eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { MESSAGES } from '../../src/shared/api-errors.ts';
import {
  childPatchSchema,
  childSchema,
  conditionSchema,
  notesSchema,
  progressSchema,
} from '../../src/shared/children.ts';
import { CHECKLIST_SIZES } from '../../src/shared/guides.ts';
import { periodQuerySchema, reportFileName } from '../../src/shared/insights.ts';
import { checklistProgress, children, observationNotes } from '../db/schema.ts';
import { type AppEnv, requireUser, services } from '../http/context.ts';
import { ApiError } from '../http/errors.ts';
import { subscriptionFor } from '../http/subscription.ts';
import { idParam, jsonBody, queryParams } from '../http/validate.ts';
import { ownChild } from '../services/children.ts';
import { reportData } from '../services/report-data.ts';
import { renderReport } from '../services/report-pdf.ts';
import { checkedPeriod } from './insights.ts';

const columns = {
  id: children.id,
  name: children.name,
  birthDate: children.birthDate,
  schoolYear: children.schoolYear,
  dietaryRestrictions: children.dietaryRestrictions,
  createdAt: children.createdAt,
};
const present = (row: Pick<typeof children.$inferSelect, keyof typeof columns>) => ({
  ...row,
  createdAt: row.createdAt.toISOString(),
});

/** A child as the API answers it. */
export type ChildView = ReturnType<typeof present>;

const childParam = idParam(MESSAGES.childNotFound);
/** Optional text sent empty is stored as nothing. */
const orNull = (value: string | undefined) => (value ? value : null);

export function childrenRoutes() {
  return new Hono<AppEnv>()
    .use(requireUser)
    .get('/', async (c) => {
      const rows = await services(c)
        .db.select(columns)
        .from(children)
        .where(eq(children.userId, c.get('user').id))
        .orderBy(asc(children.createdAt), asc(children.id));
      c.header('Cache-Control', 'private, no-cache');
      return c.json({ children: rows.map(present) });
    })
    .post('/', jsonBody(childSchema), async (c) => {
      const { id, schoolYear, dietaryRestrictions, ...input } = c.req.valid('json');
      const { db, clock } = services(c);
      const userId = c.get('user').id;
      const values = { ...input, schoolYear: orNull(schoolYear), dietaryRestrictions: orNull(dietaryRestrictions) };
      const [row] = await db
        .insert(children)
        .values({ ...(id ? { id } : {}), userId, createdAt: clock.now(), ...values })
        .onConflictDoNothing({ target: children.id })
        .returning(columns);
      if (row) return c.json({ child: present(row) }, 201);
      // The same device id again (a retried offline send): already stored. Another mother's id is
      // never revealed: the child is stored under a fresh id, exactly as an unknown id would be.
      const [existing] = await db
        .select(columns)
        .from(children)
        .where(and(eq(children.id, id!), eq(children.userId, userId)));
      if (existing) return c.json({ child: present(existing) }, 201);
      const [fresh] = await db
        .insert(children)
        .values({ userId, createdAt: clock.now(), ...values })
        .returning(columns);
      return c.json({ child: present(fresh!) }, 201);
    })
    .patch('/:id', childParam, jsonBody(childPatchSchema), async (c) => {
      const { id } = c.req.valid('param');
      const { schoolYear, dietaryRestrictions, ...input } = c.req.valid('json');
      const changes = {
        ...input,
        ...(schoolYear !== undefined ? { schoolYear: orNull(schoolYear) } : {}),
        ...(dietaryRestrictions !== undefined ? { dietaryRestrictions: orNull(dietaryRestrictions) } : {}),
      };
      const { db } = services(c);
      const userId = c.get('user').id;
      const where = and(eq(children.id, id), eq(children.userId, userId));
      const [row] = Object.keys(changes).length
        ? await db.update(children).set(changes).where(where).returning(columns)
        : await db.select(columns).from(children).where(where);
      if (!row) throw new ApiError('not_found', MESSAGES.childNotFound);
      return c.json({ child: present(row) });
    })
    .delete('/:id', childParam, async (c) => {
      const { id } = c.req.valid('param');
      // Entries, ticks and notes go with the child (foreign keys with cascade).
      const deleted = await services(c)
        .db.delete(children)
        .where(and(eq(children.id, id), eq(children.userId, c.get('user').id)))
        .returning({ id: children.id });
      if (deleted.length === 0) throw new ApiError('not_found', MESSAGES.childNotFound);
      return c.body(null, 204);
    })
    .get(
      '/:id/report.pdf',
      subscriptionFor(MESSAGES.patternsSubscriptionRequired),
      childParam,
      queryParams(periodQuerySchema),
      async (c) => {
        const { id } = c.req.valid('param');
        const { db, clock } = services(c);
        const now = clock.now();
        const period = checkedPeriod(c.req.valid('query'), now);
        const data = await reportData(db, c.get('user').id, id, period, now);
        const pdf = await renderReport(data);
        return c.body(new Uint8Array(pdf), 200, {
          'Content-Type': 'application/pdf',
          'Content-Disposition': `attachment; filename="${reportFileName(data.insights.child.name, period.from, period.to)}"`,
          'Cache-Control': 'private, no-store',
        });
      },
    )
    .get('/:id/progress', childParam, async (c) => {
      const { id } = c.req.valid('param');
      const { db } = services(c);
      await ownChild(db, c.get('user').id, id);
      const [lists, notes] = await Promise.all([
        db
          .select({ key: checklistProgress.key, checked: checklistProgress.checked })
          .from(checklistProgress)
          .where(eq(checklistProgress.childId, id)),
        db
          .select({ condition: observationNotes.condition, text: observationNotes.text })
          .from(observationNotes)
          .where(eq(observationNotes.childId, id)),
      ]);
      c.header('Cache-Control', 'private, no-cache');
      return c.json({
        lists: Object.fromEntries(lists.map((l) => [l.key, l.checked])) as Record<string, boolean[]>,
        notes: Object.fromEntries(notes.map((n) => [n.condition, n.text])) as Record<string, string>,
      });
    })
    .put('/:id/progress/:key', childParam, jsonBody(progressSchema), async (c) => {
      const { id } = c.req.valid('param');
      const key = c.req.param('key');
      const { checked } = c.req.valid('json');
      const size = CHECKLIST_SIZES.get(key);
      if (size === undefined)
        throw new ApiError('validation_failed', undefined, { fields: { key: MESSAGES.unknownChecklist } });
      if (checked.length !== size)
        throw new ApiError('validation_failed', undefined, { fields: { checked: MESSAGES.checklistSize(size) } });
      const { db, clock } = services(c);
      await ownChild(db, c.get('user').id, id);
      const updatedAt = clock.now();
      await db
        .insert(checklistProgress)
        .values({ childId: id, key, checked, updatedAt })
        .onConflictDoUpdate({
          target: [checklistProgress.childId, checklistProgress.key],
          set: { checked, updatedAt },
        });
      return c.json({ key, checked });
    })
    .put('/:id/notes/:condition', childParam, jsonBody(notesSchema), async (c) => {
      const { id } = c.req.valid('param');
      const parsed = conditionSchema.safeParse(c.req.param('condition'));
      if (!parsed.success) throw new ApiError('not_found', MESSAGES.routeNotFound);
      const condition = parsed.data;
      const { text } = c.req.valid('json');
      const { db, clock } = services(c);
      await ownChild(db, c.get('user').id, id);
      const updatedAt = clock.now();
      await db
        .insert(observationNotes)
        .values({ childId: id, condition, text, updatedAt })
        .onConflictDoUpdate({
          target: [observationNotes.childId, observationNotes.condition],
          set: { text, updatedAt },
        });
      return c.json({ condition, text });
    });
}
