/**
 * False during hydration, true right after. An island whose stores may already hold data (another
 * island loaded them first) renders the server's HTML until then: a text that differs from the
 * server's makes React drop the server DOM and, with it, what she typed or ticked before.
 */
import { useStore } from '@nanostores/react';
import type { ReadableAtom } from 'nanostores';
import { useEffect, useState } from 'react';

export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}

/**
 * A store's value, but `asOnServer` (what the prerendered HTML was drawn with) until the island
 * has hydrated: the session, the child and the ticks are known on the device, never at build time.
 */
export function useHydratedStore<T>(store: ReadableAtom<T>, asOnServer: T): T {
  const value = useStore(store);
  return useHydrated() ? value : asOnServer;
}
