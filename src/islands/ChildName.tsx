/** The name of the child whose record she is looking at, inside a static sentence ("… de Lia"); nothing until known. */
import { useStore } from '@nanostores/react';
import { currentChild } from '../stores/child.ts';

export default function ChildName({ prefix = '' }: { prefix?: string }) {
  const child = useStore(currentChild);
  return child ? (
    <>
      {prefix}
      <strong>{child.name}</strong>
    </>
  ) : null;
}
