/** "Are you sure?" — says what will happen, cancel first. */
import type { ReactNode } from 'react';
import Dialog from './Dialog.tsx';

interface Props {
  open: boolean;
  title: string;
  confirmLabel: string;
  onConfirm: () => void;
  onCancel: () => void;
  children: ReactNode;
}

export default function ConfirmDialog({ open, title, confirmLabel, onConfirm, onCancel, children }: Props) {
  return (
    <Dialog open={open} onClose={onCancel} title={title}>
      {children}
      <div className="dialog-actions">
        <button type="button" className="btn btn-danger" onClick={onConfirm}>
          {confirmLabel}
        </button>
        <button type="button" className="btn btn-secondary" onClick={onCancel}>
          Cancelar
        </button>
      </div>
    </Dialog>
  );
}
