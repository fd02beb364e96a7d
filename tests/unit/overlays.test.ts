import {
  DISMISS_FOR_MS,
  hasUsedApp,
  isDismissed,
  NEW_VISIT_AFTER_MS,
  recordVisit,
} from '../../src/lib/install-rules.ts';
import {
  ACTIVE_ID_KEY,
  type GuardMessage,
  HEARTBEAT_KEY,
  InstanceGuardCore,
} from '../../src/lib/instance-guard-core.ts';
import { isIos } from '../../src/lib/platform.ts';

function memoryStorage() {
  const data = new Map<string, string>();
  return {
    getItem: (k: string) => data.get(k) ?? null,
    setItem: (k: string, v: string) => void data.set(k, v),
    removeItem: (k: string) => void data.delete(k),
    data,
  };
}

function tabs() {
  const storage = memoryStorage();
  let now = 1_000_000;
  const all: InstanceGuardCore[] = [];
  const states = new Map<string, boolean>();
  const focused: string[] = [];
  const open = (id: string) => {
    const tab = new InstanceGuardCore({
      storage,
      now: () => now,
      id,
      post: (message: GuardMessage) => {
        for (const t of all) if (t !== tab) t.receive(message);
      },
      onChange: (active) => states.set(id, active),
      focusSelf: () => focused.push(id),
    });
    all.push(tab);
    tab.start();
    return tab;
  };
  return { storage, open, states, focused, advance: (ms: number) => (now += ms) };
}

describe('single-instance guard', () => {
  it('lets the first tab in and blocks the second', () => {
    const t = tabs();
    const a = t.open('a');
    const b = t.open('b');
    expect(a.active).toBe(true);
    expect(b.active).toBe(false);
    expect(t.states.get('b')).toBe(false);
    expect(t.storage.data.get(ACTIVE_ID_KEY)).toBe('a');
  });

  it('takes over a slot whose heartbeat is older than 5 s', () => {
    const t = tabs();
    t.open('a');
    t.advance(5_001);
    const b = t.open('b');
    expect(b.active).toBe(true);
  });

  it('keeps the slot alive with a heartbeat every 2 s', () => {
    const t = tabs();
    const a = t.open('a');
    for (let i = 0; i < 5; i++) {
      t.advance(2_000);
      a.heartbeat();
    }
    expect(t.open('b').active).toBe(false);
  });

  it('steps back when another tab announces itself or owns the stored id', () => {
    const t = tabs();
    const a = t.open('a');
    t.advance(6_000);
    t.open('b');
    expect(a.active).toBe(false);
    const c = tabs();
    const x = c.open('x');
    c.storage.setItem(ACTIVE_ID_KEY, 'alguem');
    x.checkOwnership();
    expect(x.active).toBe(false);
  });

  it('answers a ping and brings the active tab forward on request', () => {
    const t = tabs();
    t.open('a');
    const b = t.open('b');
    expect(b.goToActive()).toBe(true);
    expect(b.answered).toBe(true);
    expect(t.focused).toEqual(['a']);
  });

  it('frees the slot on unload', () => {
    const t = tabs();
    const a = t.open('a');
    a.release();
    expect(t.storage.data.has(ACTIVE_ID_KEY)).toBe(false);
    expect(t.storage.data.has(HEARTBEAT_KEY)).toBe(false);
    expect(t.open('b').active).toBe(true);
  });
});

describe('install card dismissal', () => {
  const now = Date.UTC(2026, 10, 21);
  it('holds for 7 days and then expires', () => {
    expect(isDismissed(now, now)).toBe(true);
    expect(isDismissed(now - DISMISS_FOR_MS + 1, now)).toBe(true);
    expect(isDismissed(now - DISMISS_FOR_MS, now)).toBe(false);
    expect(isDismissed(now - 8 * 24 * 3600 * 1000, now)).toBe(false);
  });
  it('ignores anything that is not a time', () => {
    expect(isDismissed(undefined, now)).toBe(false);
    expect(isDismissed('true', now)).toBe(false);
    expect(isDismissed(now + 60_000, now)).toBe(false);
  });
  it('recognises iOS, including iPad posing as a Mac', () => {
    expect(isIos('Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X)')).toBe(true);
    expect(isIos('Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7)', 5)).toBe(true);
    expect(isIos('Mozilla/5.0 (Linux; Android 14; Pixel 7)')).toBe(false);
  });
});

describe('install card: only once she has used the app', () => {
  const t0 = Date.UTC(2026, 10, 21, 12);
  it('a first page load is a first visit, and pages within 30 minutes belong to it', () => {
    const first = recordVisit(undefined, t0);
    expect(first).toEqual({ count: 1, last: t0 });
    expect(hasUsedApp(first)).toBe(false);
    const sameVisit = recordVisit(recordVisit(first, t0 + 20 * 60_000), t0 + 45 * 60_000);
    expect(sameVisit.count).toBe(1);
    expect(hasUsedApp(sameVisit)).toBe(false);
  });
  it('a page opened after 30 minutes without any is a later visit', () => {
    const later = recordVisit({ count: 1, last: t0 }, t0 + NEW_VISIT_AFTER_MS);
    expect(later).toEqual({ count: 2, last: t0 + NEW_VISIT_AFTER_MS });
    expect(hasUsedApp(later)).toBe(true);
  });
  it('starts over from anything unreadable or from the future', () => {
    expect(recordVisit('2', t0)).toEqual({ count: 1, last: t0 });
    expect(recordVisit({ count: 5, last: t0 + 60_000 }, t0)).toEqual({ count: 1, last: t0 });
    expect(recordVisit({ count: 0, last: t0 - NEW_VISIT_AFTER_MS }, t0)).toEqual({ count: 1, last: t0 });
  });
});
