/**
 * Checklist progress, kept on the device only (spec §3): one array of booleans per list key.
 * A stored value is used only if it is an array of the expected length of booleans; otherwise the
 * list starts unchecked (spec §4). Shared by every island on the page through nanostores.
 */
import { map } from 'nanostores';
import { readJson, writeJson } from '../lib/storage.ts';

export const checklists = map<Record<string, boolean[]>>({});

export function validStoredList(value: unknown, length: number): boolean[] | null {
  return Array.isArray(value) && value.length === length && value.every((v) => typeof v === 'boolean') ? value : null;
}

/** Loads one list from storage into the store (once per page), and returns it. */
export function loadChecklist(key: string, length: number): boolean[] {
  const current = checklists.get()[key];
  if (current && current.length === length) return current;
  const stored = validStoredList(readJson(key), length) ?? Array<boolean>(length).fill(false);
  checklists.setKey(key, stored);
  return stored;
}

export function saveChecklist(key: string, value: boolean[]): void {
  checklists.setKey(key, value);
  writeJson(key, value);
}

export function toggleItem(key: string, index: number, length: number): void {
  const next = [...loadChecklist(key, length)];
  next[index] = !next[index];
  saveChecklist(key, next);
}

// Another tab ticked something: follow it.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (!event.key || !(event.key in checklists.get())) return;
    const length = checklists.get()[event.key]!.length;
    const value = validStoredList(event.newValue ? safeParse(event.newValue) : null, length);
    checklists.setKey(event.key, value ?? Array<boolean>(length).fill(false));
  });
}

function safeParse(raw: string): unknown {
  try {
    return JSON.parse(raw);
  } catch {
    return null;
  }
}

/** Stages the mother has finished, per condition: unlocks the next step card on the hub. */
const DONE_KEY = 'etapas-concluidas';

export function finishedStages(): Record<string, string[]> {
  const value = readJson(DONE_KEY);
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, string[]>) : {};
}

export function markStageFinished(condition: string, stage: string): void {
  const all = finishedStages();
  const list = Array.isArray(all[condition]) ? all[condition]! : [];
  if (!list.includes(stage)) writeJson(DONE_KEY, { ...all, [condition]: [...list, stage] });
}
