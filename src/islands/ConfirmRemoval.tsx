/**
 * "Excluir este …?" (or "Remover Lia?") for a row of a list: the confirmation dialog, loaded the first time it is
 * needed (it is not needed to read or write), kept mounted afterwards so focus returns.
 */
import { lazy, type ReactNode, Suspense, useState } from 'react';
import { useMountedOnce } from './useMountedOnce.ts';

const ConfirmDialog = lazy(() => import('./ConfirmDialog.tsx'));

interface Props<Row> {
  /** the row to remove, or null when nothing is asked */
  row: Row | null;
  /** the question, which may name the row ("Remover Lia?") */
  title: string | ((row: Row) => string);
  /** the button's verb, the same as the question's (default "Excluir") */
  confirmLabel?: string;
  explain: (row: Row) => ReactNode;
  onConfirm: (row: Row) => void;
  onCancel: () => void;
}

export default function ConfirmRemoval<Row>({
  row,
  title,
  confirmLabel = 'Excluir',
  explain,
  onConfirm,
  onCancel,
}: Props<Row>) {
  const mounted = useMountedOnce(row !== null);
  // The text stays while the dialog closes, instead of emptying under her eyes.
  const [shown, setShown] = useState<Row | null>(row);
  if (row !== null && row !== shown) setShown(row);
  const named = row ?? shown;
  if (!mounted) return null;
  return (
    <Suspense fallback={null}>
      <ConfirmDialog
        open={row !== null}
        title={typeof title !== 'function' ? title : named === null ? '' : title(named)}
        confirmLabel={confirmLabel}
        onCancel={onCancel}
        onConfirm={() => {
          if (row !== null) onConfirm(row);
          onCancel();
        }}
      >
        {shown !== null && explain(shown)}
      </ConfirmDialog>
    </Suspense>
  );
}
