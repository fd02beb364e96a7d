/**
 * One checklist of a guide stage. The server renders every item (readable without JavaScript and
 * offline); once hydrated, ticks are kept in the child's record under the list's key.
 */
import { useId, useLayoutEffect, useRef } from 'react';
import { currentChild } from '../stores/child.ts';
import { checklists, keepEarlyTicks, toggleItem, validStoredList } from '../stores/progress.ts';
import { useHydratedStore } from './useHydrated.ts';

interface Props {
  storageKey: string;
  title: string;
  items: string[];
}

export default function Checklist({ storageKey, title, items }: Props) {
  const all = useHydratedStore(checklists, {});
  // A viewer of a shared child sees the family's ticks and cannot change them.
  const readOnly = useHydratedStore(currentChild, null)?.role === 'viewer';
  const id = useId();
  const ref = useRef<HTMLElement>(null);
  useLayoutEffect(() => {
    // Boxes ticked in the server-rendered list before hydration are the mother's: keep them.
    const ticked = [...ref.current!.querySelectorAll<HTMLInputElement>('input[type="checkbox"]')].map(
      (input) => input.checked,
    );
    keepEarlyTicks(storageKey, ticked);
  }, [storageKey]);
  const checked = validStoredList(all[storageKey], items.length) ?? items.map(() => false);
  const done = checked.filter(Boolean).length;

  return (
    <section ref={ref} className="checklist" data-checklist={storageKey} aria-labelledby={`${id}-title`}>
      <div className="checklist-head">
        <h2 id={`${id}-title`}>{title}</h2>
        <p className="checklist-count" aria-live="polite">
          <span className="sr-only">Marcados: </span>
          {done} de {items.length}
        </p>
      </div>
      <progress className="checklist-bar" max={items.length} value={done} aria-label={`Progresso de ${title}`} />
      <ul>
        {items.map((item, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the list is fixed by the guide; position is the item's identity.
          <li key={index}>
            <label className={checked[index] ? 'is-checked' : undefined}>
              <input
                type="checkbox"
                disabled={readOnly}
                checked={checked[index] ?? false}
                onChange={() => toggleItem(storageKey, index, items.length)}
              />
              <span>{item}</span>
            </label>
          </li>
        ))}
      </ul>
    </section>
  );
}
