/**
 * What she typed in a form stays on this device until it is saved: a write the paywall refused
 * (she pays and comes back to it), a failed one, a reload or a closed tab. Kept in localStorage
 * per form and child, restored into an empty form, forgotten once the form is empty again (saved)
 * and on logout (device.ts drops every "rascunho-" key).
 */
import { useEffect, useRef, useState } from 'react';
import { readJson, removeKey, writeJson } from '../lib/storage.ts';

export const DRAFT_PREFIX = 'rascunho-';

interface Stored<T> {
  childId: string | null;
  value: T;
}

/**
 * `name`: the form ("diario-behavior"); `childId`: whose record (null while not known);
 * `blank`: whether the value holds nothing she typed. Answers whether a draft was put back.
 */
export function useDraft<T>(
  name: string,
  childId: string | null,
  value: T,
  blank: (value: T) => boolean,
  restore: (value: T) => void,
  ready = true,
): boolean {
  const key = `${DRAFT_PREFIX}${name}`;
  const [restored, setRestored] = useState(false);
  /** whether this page has had her words (so an empty form means "saved", not "not loaded yet") */
  const filled = useRef(false);
  const tried = useRef<string | null | undefined>(undefined);
  /** put back in this render: the form still shows the empty value until the next one */
  const justRestored = useRef(false);

  // Put back a draft of this child into the still-empty form, once the child is known.
  useEffect(() => {
    if (!ready || tried.current === childId || filled.current) return;
    tried.current = childId;
    const stored = readJson(key) as Stored<T> | undefined;
    if (stored && typeof stored === 'object' && 'value' in stored && stored.childId === childId) {
      filled.current = true;
      justRestored.current = true;
      restore(stored.value);
      setRestored(true);
    }
  }, [ready, childId, key, restore]);

  useEffect(() => {
    if (!ready || tried.current === undefined) return;
    if (!blank(value)) {
      filled.current = true;
      justRestored.current = false;
      writeJson(key, { childId, value } satisfies Stored<T>);
    } else if (filled.current && !justRestored.current) {
      removeKey(key);
      filled.current = false;
      setRestored(false);
    }
  }, [ready, key, childId, value, blank]);

  return restored;
}
