/**
 * A conversation page never shows fewer messages than it knew (src/lib/support-thread.ts): answers
 * come in any order, some of them the service worker's older copy, and her sent replies are added
 * as they go. Proved over random histories, not examples.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Message, Thread, ThreadDetail } from '../../src/lib/support.ts';
import { mergeThread, mergeThreads, withSent, withThread } from '../../src/lib/support-thread.ts';

const THREAD_ID = '00000000-0000-4000-8000-000000000001';

/** The server's conversation: messages in the order they were stored, some in the same second. */
const serverLog = fc
  .array(fc.record({ from: fc.constantFrom('mother' as const, 'team' as const), sameSecond: fc.boolean() }), {
    minLength: 1,
    maxLength: 12,
  })
  .map((rows) => {
    let second = 0;
    return rows.map(({ from, sameSecond }, index): Message => {
      if (!sameSecond) second++;
      return {
        id: `00000000-0000-4000-8000-${String(index + 100).padStart(12, '0')}`,
        from,
        authorName: from === 'team' ? 'Ana (Equipe Olhar de Mãe)' : 'Lia',
        text: `mensagem ${index}`,
        createdAt: new Date(Date.UTC(2026, 11, 1, 12, 0, second)).toISOString(),
      };
    });
  });

/** The server's answer when it held the first `n` messages (an older one is what a cache kept). */
const answerAt = (log: Message[], n: number): ThreadDetail =>
  ({
    thread: { id: THREAD_ID, status: log[n - 1]?.from === 'team' ? 'answered' : 'open', subject: 'Recibo' },
    messages: log.slice(0, n),
  }) as unknown as ThreadDetail;

/** What reaches the page: an answer of some moment, or one of her replies the server has taken. */
const event = (size: number) =>
  fc.oneof(
    fc.record({ kind: fc.constant('answer' as const), n: fc.integer({ min: 0, max: size }) }),
    fc.record({ kind: fc.constant('sent' as const), index: fc.integer({ min: 0, max: size - 1 }) }),
  );

const history = serverLog.chain((log) =>
  fc.record({
    log: fc.constant(log),
    first: fc.integer({ min: 0, max: log.length }),
    events: fc.array(event(log.length), { maxLength: 20 }),
  }),
);

describe('a conversation on her page', () => {
  it('keeps every message it was given, once, oldest first, and ends as the server when the last answer is whole', () => {
    fc.assert(
      fc.property(history, ({ log, first, events }) => {
        let page: ThreadDetail | null = mergeThread(null, answerAt(log, first));
        const known = new Set(page.messages.map((m) => m.id));
        for (const e of events) {
          const before = page?.messages.length ?? 0;
          if (e.kind === 'answer') {
            page = mergeThread(page, answerAt(log, e.n));
            for (const m of log.slice(0, e.n)) known.add(m.id);
          } else {
            const message = log[e.index]!;
            page = withSent(page, message);
            known.add(message.id);
          }
          // Never fewer than before; each message once; in the server's order (time, then id).
          expect(page!.messages.length).toBeGreaterThanOrEqual(before);
          const ids = page!.messages.map((m) => m.id);
          expect(new Set(ids).size).toBe(ids.length);
          expect(new Set(ids)).toEqual(known);
          expect(ids).toEqual(log.filter((m) => known.has(m.id)).map((m) => m.id));
        }
        const whole = mergeThread(page, answerAt(log, log.length));
        expect(whole.messages).toEqual(log);
        expect(whole.thread).toEqual(answerAt(log, log.length).thread);
      }),
      { numRuns: 500 },
    );
  });

  it("takes the conversation's state from an answer only when that answer has all it shows", () => {
    fc.assert(
      fc.property(
        serverLog.filter((log) => log.length >= 2),
        (log) => {
          const now = mergeThread(null, answerAt(log, log.length));
          const older = answerAt(log, log.length - 1);
          expect(mergeThread(now, older).thread).toEqual(now.thread);
          expect(mergeThread(now, older).messages).toEqual(log);
          expect(mergeThread(mergeThread(null, older), answerAt(log, log.length)).thread).toEqual(now.thread);
        },
      ),
      { numRuns: 200 },
    );
  });

  it('marks the conversation as waiting for the team when she sends, and adds nothing twice', () => {
    const log = [
      {
        id: '00000000-0000-4000-8000-000000000100',
        from: 'team' as const,
        authorName: 'Ana (Equipe Olhar de Mãe)',
        text: 'Olá!',
        createdAt: '2026-12-01T12:00:00.000Z',
      },
      {
        id: '00000000-0000-4000-8000-000000000101',
        from: 'mother' as const,
        authorName: 'Lia',
        text: 'Recebi, muito obrigada!',
        createdAt: '2026-12-01T12:01:00.000Z',
      },
    ];
    const page = mergeThread(null, answerAt(log, 1));
    expect(page.thread.status).toBe('answered');
    const sent = withSent(page, log[1]!);
    expect(sent?.thread.status).toBe('open');
    expect(withSent(sent, log[1]!)?.messages).toEqual(log);
    expect(withSent(null, log[1]!)).toBeNull();
  });
});

/** Her conversations as the server made them, oldest first (some in the same second). */
const serverThreads = fc.array(fc.boolean(), { minLength: 1, maxLength: 10 }).map((sameSecond) => {
  let second = 0;
  return sameSecond.map((same, index): Thread => {
    if (!same) second++;
    const at = new Date(Date.UTC(2026, 11, 1, 12, 0, second)).toISOString();
    return {
      id: `00000000-0000-4000-8000-${String(index + 500).padStart(12, '0')}`,
      category: 'conta',
      subject: `Conversa ${index}`,
      status: 'open',
      priority: false,
      createdAt: at,
      updatedAt: at,
      unread: 0,
    };
  });
});

describe('her list of conversations', () => {
  it('keeps every conversation it was given, once, newest first, and ends as the server when the last answer is whole', () => {
    fc.assert(
      fc.property(
        serverThreads.chain((made) =>
          fc.record({
            made: fc.constant(made),
            events: fc.array(
              fc.oneof(
                fc.record({ kind: fc.constant('answer' as const), n: fc.integer({ min: 0, max: made.length }) }),
                fc.record({
                  kind: fc.constant('started' as const),
                  index: fc.integer({ min: 0, max: made.length - 1 }),
                }),
              ),
              { maxLength: 20 },
            ),
          }),
        ),
        ({ made, events }) => {
          // The server lists the first n it made, newest first.
          const listAt = (n: number) => made.slice(0, n).reverse();
          let page: Thread[] = [];
          const known = new Set<string>();
          for (const e of events) {
            const before = page.length;
            if (e.kind === 'answer') {
              page = mergeThreads(page, listAt(e.n));
              for (const t of made.slice(0, e.n)) known.add(t.id);
            } else {
              page = withThread(page, made[e.index]!);
              known.add(made[e.index]!.id);
            }
            expect(page.length).toBeGreaterThanOrEqual(before);
            const ids = page.map((t) => t.id);
            expect(new Set(ids).size).toBe(ids.length);
            expect(ids).toEqual(listAt(made.length).flatMap((t) => (known.has(t.id) ? [t.id] : [])));
          }
          expect(mergeThreads(page, listAt(made.length))).toEqual(listAt(made.length));
        },
      ),
      { numRuns: 500 },
    );
  });

  it("takes a conversation's state (answered, closed) from an answer that has them all", () => {
    const older = { ...thread(1), status: 'open' as const };
    const answered = { ...older, status: 'answered' as const, updatedAt: '2026-12-01T13:00:00.000Z' };
    expect(mergeThreads([older, thread(2)], [answered, thread(2)]).find((t) => t.id === older.id)?.status).toBe(
      'answered',
    );
    // An answer without the second conversation is older: the page's copies stay.
    expect(mergeThreads([answered, thread(2)], [older])).toEqual([answered, thread(2)]);
  });
});

function thread(n: number): Thread {
  return {
    id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    category: 'conta',
    subject: `Conversa ${n}`,
    status: 'open',
    priority: false,
    createdAt: '2026-12-01T12:00:00.000Z',
    updatedAt: '2026-12-01T12:00:00.000Z',
    unread: 0,
  };
}
