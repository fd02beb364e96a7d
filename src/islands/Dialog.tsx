/**
 * A modal on the native <dialog>: showModal() makes the page behind it inert, so focus stays in
 * the dialog; focus returns to what opened it. `dismissible={false}` ignores Escape and outside
 * clicks and shows no close icon (the spec's step-1 dialog).
 */
import { type ReactNode, useEffect, useId, useRef } from 'react';
import LineIcon from './LineIcon.tsx';

interface Props {
  open: boolean;
  onClose: () => void;
  title: string;
  children: ReactNode;
  dismissible?: boolean;
  className?: string;
}

export default function Dialog({ open, onClose, title, children, dismissible = true, className }: Props) {
  const ref = useRef<HTMLDialogElement>(null);
  const opener = useRef<Element | null>(null);
  const titleId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      opener.current = document.activeElement;
      dialog.showModal();
    } else if (!open && dialog.open) {
      dialog.close();
      (opener.current as HTMLElement | null)?.focus?.();
    }
  }, [open]);

  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: a click on the backdrop is the mouse's Escape, which onCancel handles.
    <dialog
      ref={ref}
      className={`dialog ${className ?? ''}`}
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        if (dismissible) onClose();
      }}
      onClick={(event) => {
        if (dismissible && event.target === ref.current) onClose();
      }}
    >
      <div className="dialog-panel">
        {dismissible && (
          <button type="button" className="dialog-x" onClick={onClose} aria-label="Fechar">
            <LineIcon>
              <path d="M6 6l12 12M18 6L6 18" />
            </LineIcon>
          </button>
        )}
        <h2 id={titleId} className="dialog-title">
          {title}
        </h2>
        {children}
      </div>
    </dialog>
  );
}
