/** What the teacher's page says once it is sent, or when its link is gone or cannot be reached. */
import { useEffect, useRef } from 'react';

/** The heading takes the focus, so a screen reader reads the new state. */
function useFocusOnMount() {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return heading;
}

export function Sent({ name, onAnother }: { name: string; onAnother: () => void }) {
  const heading = useFocusOnMount();
  return (
    <div className="auth-card school" aria-live="polite">
      <h1 tabIndex={-1} ref={heading}>
        Obrigada!
      </h1>
      <div className="notice notice-success" role="status">
        <p>Sua observação sobre {name} chegou à família.</p>
      </div>
      <button type="button" className="btn btn-primary btn-block" onClick={onAnother}>
        Enviar outra observação
      </button>
    </div>
  );
}

export function Gone({ message, onRetry }: { message: string; onRetry?: () => void }) {
  const heading = useFocusOnMount();
  return (
    <div className="auth-card school" aria-live="polite">
      <h1 tabIndex={-1} ref={heading}>
        Observação da escola
      </h1>
      <div className="notice notice-warning" role="status">
        <p>{message}</p>
      </div>
      {onRetry && (
        <button type="button" className="btn btn-primary btn-block" onClick={onRetry}>
          Tentar de novo
        </button>
      )}
    </div>
  );
}
