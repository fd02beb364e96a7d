/**
 * False during hydration, true right after. An island whose stores may already hold data (another
 * island loaded them first) renders the server's HTML until then: a text that differs from the
 * server's makes React drop the server DOM and, with it, what she typed or ticked before.
 */
import { useEffect, useState } from 'react';

export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}
