/**
 * One checklist of a guide stage. The server renders every item (readable without JavaScript and
 * offline); once hydrated, ticks are kept on the device under the list's key.
 */
import { useStore } from '@nanostores/react';
import { useLayoutEffect, useId, useRef } from 'react';
import { checklists, loadChecklist, saveChecklist, toggleItem } from '../stores/progress.ts';

interface Props {
  storageKey: string;
  title: string;
  items: string[];
}

export default function Checklist({ storageKey, title, items }: Props) {
  const all = useStore(checklists);
  const id = useId();
  const ref = useRef<HTMLElement>(null);
  useLayoutEffect(() => {
    const stored = loadChecklist(storageKey, items.length);
    // Boxes ticked in the server-rendered list before hydration are the mother's: keep them.
    const ticked = [...ref.current!.querySelectorAll<HTMLInputElement>('input[type="checkbox"]')].map((input) => input.checked);
    if (ticked.some((checked, i) => checked && !stored[i])) saveChecklist(storageKey, stored.map((value, i) => value || Boolean(ticked[i])));
  }, [storageKey, items.length]);
  const checked = all[storageKey]?.length === items.length ? all[storageKey]! : items.map(() => false);
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
          <li key={index}>
            <label className={checked[index] ? 'is-checked' : undefined}>
              <input
                type="checkbox"
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
