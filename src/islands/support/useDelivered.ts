/**
 * What the queue delivered, for a support page to show at once: an item that left the queue when
 * the queue says it sent something (`synced`), and was not refused, was stored under the id made on
 * the device. The reading that follows may be the service worker's older copy without it
 * (src/lib/support-thread.ts). Logout empties the queue without sending: nothing is reported then.
 */
import { useStore } from '@nanostores/react';
import { useEffect, useRef } from 'react';
import { refused, synced } from '../../stores/queue.ts';

export function useDelivered<T extends { id: string }>(waiting: T[], onDelivered: (item: T, at: string) => void) {
  const syncCount = useStore(synced);
  const wasWaiting = useRef(waiting);
  const leftQueue = useRef<T[]>([]);
  const waitingIds = waiting.map((item) => item.id).join(' ');
  // biome-ignore lint/correctness/useExhaustiveDependencies: waitingIds stands for waiting.
  useEffect(() => {
    leftQueue.current.push(...wasWaiting.current.filter((item) => !waiting.some((w) => w.id === item.id)));
    wasWaiting.current = waiting;
  }, [waitingIds]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: syncCount is the signal; onDelivered is read then.
  useEffect(() => {
    const refusedIds = new Set(refused.get().map((entry) => entry.op.id));
    const delivered = leftQueue.current.filter((item) => !refusedIds.has(item.id));
    leftQueue.current = [];
    const at = new Date().toISOString();
    for (const item of delivered) onDelivered(item, at);
  }, [syncCount]);
}
