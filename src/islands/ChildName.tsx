/** The name of the child whose record she is looking at, inside a static sentence ("… de Lia"); nothing until known. */
import { currentChild } from '../stores/child.ts';
import { useHydratedStore } from './useHydrated.ts';

export default function ChildName({ prefix = '' }: { prefix?: string }) {
  // The server drew nothing: the same first render, whatever another island already loaded.
  const child = useHydratedStore(currentChild, null);
  return child ? (
    <>
      {prefix}
      <strong>{child.name}</strong>
    </>
  ) : null;
}
