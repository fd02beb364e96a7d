/**
 * A list of hers never shows less than this page knows (src/lib/list-view.ts, decision 0031): rows
 * she adds and deletes at once or through the queue, another device adding and deleting, and
 * readings that are fresh, the service worker's older copy, or lost. Proved over random histories,
 * with the same bookkeeping the hook keeps (src/islands/useOfflineList.ts), not examples.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { shownRows } from '../../src/lib/list-view.ts';

type Row = { id: string };
type Op = { kind: 'add'; id: string } | { kind: 'delete'; id: string };

type Step =
  | { do: 'add-now' }
  | { do: 'add-queued' }
  | { do: 'deliver' }
  | { do: 'delete'; pick: number; now: boolean }
  | { do: 'other-add' }
  | { do: 'other-delete'; pick: number }
  | { do: 'read'; answer: 'fresh' | 'worker-copy' | 'lost' };

const step: fc.Arbitrary<Step> = fc.oneof(
  fc.constant({ do: 'add-now' as const }),
  fc.constant({ do: 'add-queued' as const }),
  fc.constant({ do: 'deliver' as const }),
  fc.record({ do: fc.constant('delete' as const), pick: fc.nat(), now: fc.boolean() }),
  fc.constant({ do: 'other-add' as const }),
  fc.record({ do: fc.constant('other-delete' as const), pick: fc.nat() }),
  fc.record({
    do: fc.constant('read' as const),
    answer: fc.constantFrom('fresh' as const, 'worker-copy' as const, 'lost' as const),
  }),
);

/** One page, one server, the service worker's copy of the last reading that reached the network. */
function world() {
  let next = 0;
  const newId = () => `row-${++next}`;
  const state = {
    server: [] as string[],
    workerCopy: [] as string[],
    rows: [] as string[],
    waiting: [] as Op[],
    delivered: [] as Op[],
    held: new Set<string>(),
    deletedHere: new Set<string>(),
    addedHere: [] as string[],
    /** what she added on this page, and what she deleted (at once, queued or delivered) */
    mine: new Set<string>(),
    herDeletes: new Set<string>(),
  };
  const view = () =>
    shownRows<Row>({
      rows: state.rows.map((id) => ({ id })),
      waiting: state.waiting.flatMap((op) => (op.kind === 'add' ? [{ id: op.id }] : [])),
      waitingDeletes: new Set(state.waiting.flatMap((op) => (op.kind === 'delete' ? [op.id] : []))),
      delivered: [
        ...state.addedHere.map((id) => ({ id })),
        ...state.delivered.flatMap((op) => (op.kind === 'add' ? [{ id: op.id }] : [])),
      ],
      deleted: new Set([
        ...state.deletedHere,
        ...state.delivered.flatMap((op) => (op.kind === 'delete' ? [op.id] : [])),
      ]),
      held: state.held,
    });
  const reading = (ids: string[]) => {
    for (const id of ids) state.held.add(id);
    state.rows = [...ids];
  };
  const apply = (s: Step) => {
    switch (s.do) {
      case 'add-now': {
        const id = newId();
        state.mine.add(id);
        state.server = [id, ...state.server];
        state.addedHere.push(id);
        state.rows = [id, ...state.rows];
        return;
      }
      case 'add-queued': {
        const id = newId();
        state.mine.add(id);
        state.waiting.push({ kind: 'add', id });
        return;
      }
      case 'deliver': {
        const op = state.waiting.shift();
        if (!op) return;
        if (op.kind === 'add') state.server = [op.id, ...state.server];
        else state.server = state.server.filter((id) => id !== op.id);
        state.delivered.push(op);
        return;
      }
      case 'delete': {
        const shown = view();
        const row = shown[s.pick % Math.max(1, shown.length)];
        if (!row) return;
        state.herDeletes.add(row.id);
        const unsent = state.waiting.findIndex((op) => op.kind === 'add' && op.id === row.id);
        if (unsent >= 0) state.waiting.splice(unsent, 1);
        else if (s.now) {
          state.server = state.server.filter((id) => id !== row.id);
          state.deletedHere.add(row.id);
          state.rows = state.rows.filter((id) => id !== row.id);
        } else state.waiting.push({ kind: 'delete', id: row.id });
        return;
      }
      case 'other-add':
        state.server = [newId(), ...state.server];
        return;
      case 'other-delete': {
        const id = state.server[s.pick % Math.max(1, state.server.length)];
        if (id) state.server = state.server.filter((x) => x !== id);
        return;
      }
      case 'read':
        if (s.answer === 'fresh') {
          state.workerCopy = [...state.server];
          reading(state.server);
        } else if (s.answer === 'worker-copy') reading(state.workerCopy);
        return;
    }
  };
  return { state, view, apply };
}

describe('what a list shows (decision 0031)', () => {
  it('never shows a row twice, never one she deleted, and never loses one she added that no reading has held', () => {
    fc.assert(
      fc.property(fc.array(step, { maxLength: 40 }), (steps) => {
        const w = world();
        for (const s of steps) {
          w.apply(s);
          const shown = w.view().map((row) => row.id);
          expect(new Set(shown).size).toBe(shown.length);
          for (const id of w.state.herDeletes) expect(shown).not.toContain(id);
          for (const id of w.state.mine)
            if (!w.state.herDeletes.has(id) && (!w.state.held.has(id) || w.state.rows.includes(id)))
              expect(shown).toContain(id);
        }
      }),
      { numRuns: 500 },
    );
  });

  it('what waits is marked pending, and only that', () => {
    fc.assert(
      fc.property(fc.array(step, { maxLength: 40 }), (steps) => {
        const w = world();
        for (const s of steps) w.apply(s);
        const waitingAdds = new Set(w.state.waiting.flatMap((op) => (op.kind === 'add' ? [op.id] : [])));
        for (const row of w.view()) expect(Boolean(row.pending)).toBe(waitingAdds.has(row.id));
      }),
      { numRuns: 300 },
    );
  });

  it('once everything is delivered and a fresh reading came, it shows the server, and beyond it only her rows deleted elsewhere before any reading', () => {
    fc.assert(
      fc.property(fc.array(step, { maxLength: 40 }), (steps) => {
        const w = world();
        for (const s of steps) w.apply(s);
        while (w.state.waiting.length) w.apply({ do: 'deliver' });
        w.apply({ do: 'read', answer: 'fresh' });
        const shown = new Set(w.view().map((row) => row.id));
        for (const id of w.state.server) expect(shown).toContain(id);
        for (const id of shown)
          if (!w.state.server.includes(id)) {
            expect(w.state.mine.has(id)).toBe(true);
            expect(w.state.held.has(id)).toBe(false);
          }
      }),
      { numRuns: 300 },
    );
  });

  it('a delivered row stays on the list when the reading after it is the worker’s older copy, and a delivered deletion stays done', () => {
    const w = world();
    w.apply({ do: 'read', answer: 'fresh' });
    w.apply({ do: 'add-queued' });
    w.apply({ do: 'deliver' });
    w.apply({ do: 'read', answer: 'worker-copy' });
    expect(w.view()).toEqual([{ id: 'row-1' }]);
    w.apply({ do: 'read', answer: 'fresh' });
    w.apply({ do: 'delete', pick: 0, now: false });
    expect(w.view()).toEqual([]);
    w.apply({ do: 'deliver' });
    w.apply({ do: 'read', answer: 'worker-copy' });
    expect(w.state.rows).toEqual(['row-1']);
    expect(w.view()).toEqual([]);
  });
});
