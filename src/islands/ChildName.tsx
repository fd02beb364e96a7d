/** The name of the child whose record she is looking at, inside a static sentence ("… de Lia"); nothing until known. */
import { useStore } from '@nanostores/react';
import { currentChild } from '../stores/child.ts';
import { useHydrated } from './useHydrated.ts';

export default function ChildName({ prefix = '' }: { prefix?: string }) {
  const child = useStore(currentChild);
  // The server drew nothing: the same first render, whatever another island already loaded.
  const hydrated = useHydrated();
  return hydrated && child ? (
    <>
      {prefix}
      <strong>{child.name}</strong>
    </>
  ) : null;
}
