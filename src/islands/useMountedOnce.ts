/** Mount a lazily loaded part the first time it is needed, then keep it (so dialogs return focus). */
import { useEffect, useState } from 'react';

export function useMountedOnce(needed: boolean): boolean {
  const [seen, setSeen] = useState(needed);
  useEffect(() => {
    if (needed) setSeen(true);
  }, [needed]);
  return seen || needed;
}
