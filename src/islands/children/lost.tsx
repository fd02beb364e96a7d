/** Shared children she lost access to since this device last saw them, and the notice that tells her. */
import { useEffect, useState } from 'react';
import { roleOf } from '../../lib/circle.ts';
import type { Child } from '../../lib/resources.ts';
import { LOST_CHILDREN_KEY, readJson, removeKey, SHARED_CHILDREN_KEY, writeJson } from '../../lib/storage.ts';
import { list } from '../../shared/words.ts';
import type { Shown } from '../useOfflineList.ts';

/**
 * Shared children that are gone since this device last saw them: her access was ended (the owner
 * removed her, or deleted the child). Kept until she reads it, so a reload still tells her.
 */
export function useLostChildren(rows: Array<Shown<Child>>, ready: boolean) {
  const [lost, setLost] = useState<string[]>([]);
  useEffect(() => {
    if (!ready) return;
    const known = (readJson(SHARED_CHILDREN_KEY) ?? {}) as Record<string, string>;
    const shared = Object.fromEntries(
      rows.filter((child) => roleOf(child) !== 'owner' && !child.pending).map((child) => [child.id, child.name]),
    );
    const gone = Object.entries(known)
      .filter(([id]) => !(id in shared))
      .map(([, name]) => name);
    const all = [...new Set([...((readJson(LOST_CHILDREN_KEY) as string[] | undefined) ?? []), ...gone])];
    writeJson(SHARED_CHILDREN_KEY, shared);
    if (all.length) writeJson(LOST_CHILDREN_KEY, all);
    setLost(all);
  }, [rows, ready]);
  return {
    lost,
    /** she left on her own: nothing to tell her */
    left(child: Child) {
      const known = (readJson(SHARED_CHILDREN_KEY) ?? {}) as Record<string, string>;
      delete known[child.id];
      writeJson(SHARED_CHILDREN_KEY, known);
    },
    dismiss() {
      removeKey(LOST_CHILDREN_KEY);
      setLost([]);
    },
  };
}

export function LostNotice({ names, onDismiss }: { names: string[]; onDismiss: () => void }) {
  if (names.length === 0) return null;
  const who = list(names);
  return (
    <div className="notice notice-warning lost-access" role="alert">
      <p>
        Você não tem mais acesso a {who}: quem cadastrou a criança tirou você do círculo de quem acompanha. Para voltar
        a acompanhar, peça um novo convite à família.
      </p>
      <button type="button" className="btn btn-secondary" onClick={onDismiss}>
        Entendi
      </button>
    </div>
  );
}
