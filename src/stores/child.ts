/**
 * Whose record she is looking at: the child chosen on this device (remembered until logout),
 * or her first child. Diaries, checklists and notes read and write this child's record.
 */
import { atom, computed } from 'nanostores';
import { readJson, removeKey, writeJson } from '../lib/storage.ts';
import { type SessionState, session } from './session.ts';

export const SELECTED_CHILD_KEY = 'crianca-selecionada';

const stored = readJson(SELECTED_CHILD_KEY);
export const selectedChildId = atom<string | null>(typeof stored === 'string' ? stored : null);

export type ChildSummary = SessionState['children'][number];

export const currentChild = computed([session, selectedChildId], (state, id) =>
  state.loading ? null : (state.children.find((child) => child.id === id) ?? state.children[0] ?? null),
);

export function selectChild(id: string): void {
  selectedChildId.set(id);
  writeJson(SELECTED_CHILD_KEY, id);
}

export function forgetSelectedChild(): void {
  selectedChildId.set(null);
  removeKey(SELECTED_CHILD_KEY);
}

// Another tab chose another child: follow it.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key === SELECTED_CHILD_KEY)
      selectedChildId.set(event.newValue ? (JSON.parse(event.newValue) as string) : null);
  });
}
