/**
 * A mother and a father caring for Lia, each on their own API process over one PostgreSQL, for the
 * tests that send writes at once to two instances (tests/hardening/*-race.test.ts). Request `i`
 * goes to process `i % 2`, as the mother on the even ones and the father on the odd ones.
 */
import type { ChildProcess } from 'node:child_process';
import { childMembers } from '../../api/db/schema.ts';
import { activateSubscription, confirmedUser } from './accounts.ts';
import { startApiProcess, stopProcess } from './api-process.ts';
import { createTestApp, SITE, type TestApp } from './app.ts';

export interface RaceFamily {
  t: TestApp;
  mae: { cookie: string; userId: string };
  pai: { cookie: string; userId: string };
  lia: string;
  ports: number[];
  /** A request to process `i % 2`, as the mother (even `i`) or the father (odd); DELETE sends `{}`. */
  send<B = unknown>(i: number, method: string, path: string, body?: unknown): Promise<{ status: number; body: B }>;
  close(): Promise<void>;
}

/** `prefix` names the two accounts (`${prefix}-mae@example.com`); the mother subscribes, the father is a carer. */
export async function raceFamily(prefix: string): Promise<RaceFamily> {
  const t = await createTestApp();
  const mae = await confirmedUser(t, `${prefix}-mae@example.com`);
  const pai = await confirmedUser(t, `${prefix}-pai@example.com`);
  await activateSubscription(t, mae.userId);
  const made = await t.call('/api/children', {
    body: { name: 'Lia', birthDate: '2018-04-04' },
    headers: { cookie: mae.cookie },
  });
  const lia = ((await made.json()) as { child: { id: string } }).child.id;
  await t.db.handle.db.insert(childMembers).values({ childId: lia, userId: pai.userId, role: 'carer' });
  const started = await Promise.all(
    [1, 2].map(() => startApiProcess({ DATABASE_URL: t.db.url!, PUBLIC_SITE_URL: SITE })),
  );
  const ports = started.map((s) => s.port);
  const running: ChildProcess[] = started.map((s) => s.child);
  return {
    t,
    mae,
    pai,
    lia,
    ports,
    async send<B>(i: number, method: string, path: string, body?: unknown) {
      const res = await fetch(`http://127.0.0.1:${ports[i % 2]}${path}`, {
        method,
        headers: { 'content-type': 'application/json', origin: SITE, cookie: (i % 2 ? pai : mae).cookie },
        body: method === 'GET' ? undefined : JSON.stringify(body ?? {}),
      });
      const text = await res.text();
      return { status: res.status, body: (text ? JSON.parse(text) : null) as B };
    },
    async close() {
      await Promise.all(running.map((child) => stopProcess(child, 'SIGTERM')));
      await t.close();
    },
  };
}
