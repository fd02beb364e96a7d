/**
 * What every diary shares (spec §2, §4, §8, and the child's record): whose record it is, the form
 * its page gives, the history newest first, and the paywall. Without a user: "Faça login".
 * Without a subscription: the paywall, and nothing is saved (the API refuses it as well).
 */
import { lazy, type ReactNode, Suspense, useEffect } from 'react';
import { DIARY_LISTS, type DiaryEntry, type DiaryEntryInput, type DiaryKind } from '../../lib/resources.ts';
import { type ChildSummary, currentChild } from '../../stores/child.ts';
import { refreshSession } from '../../stores/session.ts';
import { useHydratedStore } from '../useHydrated.ts';
import { useMountedOnce } from '../useMountedOnce.ts';
import { type OfflineList, useOfflineList } from '../useOfflineList.ts';
import DiaryHistory from './DiaryHistory.tsx';

// Loaded when first opened: it is not needed to read or write the diary.
const PaywallDialog = lazy(() => import('../PaywallDialog.tsx'));

interface Props {
  kind: DiaryKind;
  form: (list: OfflineList<DiaryEntry, DiaryEntryInput>, child: ChildSummary | null) => ReactNode;
  onEdit?: (entry: DiaryEntry) => void;
}

export default function DiaryShell({ kind, form, onEdit }: Props) {
  const child = useHydratedStore(currentChild, null);
  const list = useOfflineList(DIARY_LISTS[kind], child ? child.id : null);
  const paywallMounted = useMountedOnce(list.paywall);

  useEffect(() => {
    void refreshSession();
  }, []);

  return (
    <div className="diary">
      {/* Its line is kept while the child is not known yet, so the form does not move when she is. */}
      <p className={child ? 'record-of' : 'record-of is-unknown'} role="status">
        {child ? (
          <>
            Registros de <strong>{child.name}</strong>
          </>
        ) : (
          '\u00a0'
        )}
      </p>
      {form(list, child)}
      <DiaryHistory kind={kind} list={list} onEdit={onEdit} />
      {paywallMounted && (
        <Suspense fallback={null}>
          <PaywallDialog open={list.paywall} onClose={list.closePaywall} />
        </Suspense>
      )}
    </div>
  );
}
