/**
 * Whose record she is looking at, in the header: a choice of child when she follows more than one
 * (remembered on this device until logout); a child shared with her says whose. A mother of one never sees it.
 */
import { useId } from 'react';
import { ownerNameOf, roleOf } from '../lib/circle.ts';
import { currentChild, selectChild } from '../stores/child.ts';
import { SESSION_UNKNOWN, session } from '../stores/session.ts';
import Field from './Field.tsx';
import { useHydratedStore } from './useHydrated.ts';

export default function ChildSwitcher() {
  // The server drew nothing: the same first render, whatever another island already loaded.
  const { children } = useHydratedStore(session, SESSION_UNKNOWN);
  const child = useHydratedStore(currentChild, null);
  const id = useId();
  if (children.length < 2 || !child) return null;
  return (
    <div className="child-switcher">
      <Field
        as="select"
        id={id}
        label="Registros de"
        value={child.id}
        onChange={(event: { target: { value: string } }) => selectChild(event.target.value)}
      >
        {children.map((c) => (
          <option key={c.id} value={c.id}>
            {roleOf(c) === 'owner' || !ownerNameOf(c) ? c.name : `${c.name} (de ${ownerNameOf(c)})`}
          </option>
        ))}
      </Field>
    </div>
  );
}
