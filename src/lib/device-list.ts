/**
 * A list kept on the device in IndexedDB (what waits to be sent, what the server refused), changed
 * in one transaction: read and write together, so two changes at once never undo each other. It
 * resolves with the new list once the transaction has committed: a page shows the change only
 * then, and a page left at once loses nothing it showed (issue 41: an entry shown waiting, and gone
 * after the next page opened, because the page had shown it before the write committed).
 */
import { type UseStore, update } from 'idb-keyval';

export async function changeList<T>(key: string, next: (list: T[]) => T[], db: UseStore): Promise<T[]> {
  let list: T[] = [];
  await update<T[]>(
    key,
    (stored) => {
      list = next(stored ?? []);
      return list;
    },
    db,
  );
  return list;
}
