/**
 * What every diary shares (spec §2, §4, §8, and the child's record): whose record it is, the form
 * its page gives, the history newest first, and the paywall. Without a user: "Faça login".
 * Without a subscription: the paywall, and nothing is saved (the API refuses it as well).
 */
import { lazy, type ReactNode, Suspense, useEffect, useState } from 'react';
import { roleOf } from '../../lib/circle.ts';
import { DIARY_LISTS, type DiaryEntry, type DiaryKind } from '../../lib/resources.ts';
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
  form: (list: OfflineList<'diary'>, child: ChildSummary | null) => ReactNode;
  onEdit?: (entry: DiaryEntry) => void;
}

export default function DiaryShell({ kind, form, onEdit }: Props) {
  const child = useHydratedStore(currentChild, null);
  const role = child ? roleOf(child) : 'owner';
  const list = useOfflineList(DIARY_LISTS[kind], child ? child.id : null, role !== 'owner');
  const paywallMounted = useMountedOnce(list.paywall);
  /** the name of the child whose record was closed to her while the page was open */
  const [lost, setLost] = useState<string | null>(null);

  useEffect(() => {
    void refreshSession();
  }, []);

  // Removed from a family circle: say so, and refresh the session so the child leaves the switcher.
  const lostId = list.lostAccess;
  const lostName = child && child.id === lostId ? child.name : null;
  useEffect(() => {
    if (!lostId) return;
    setLost((shown) => shown ?? lostName ?? 'esta criança');
    void refreshSession(true);
  }, [lostId, lostName]);
  const stillLost = lost !== null && (!child || child.id === lostId);

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
      {lost && (
        <div className="notice notice-warning" role="alert">
          <p>Você não tem mais acesso aos registros de {lost}.</p>
        </div>
      )}
      {child && role === 'viewer' ? (
        <p className="notice viewer-note">Você acompanha {child.name} como observador(a): só a família registra.</p>
      ) : (
        !stillLost && form(list, child)
      )}
      {!stillLost && <DiaryHistory kind={kind} list={list} onEdit={role === 'viewer' ? undefined : onEdit} />}
      {paywallMounted && (
        <Suspense fallback={null}>
          <PaywallDialog open={list.paywall} onClose={list.closePaywall} />
        </Suspense>
      )}
    </div>
  );
}
