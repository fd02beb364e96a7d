/**
 * What a list or a page part shows when it could not be loaded: the reason, read out by screen
 * readers, and "Tentar de novo". One look for every island that loads from the API.
 */
export default function LoadFailure({
  message,
  onRetry,
  className,
}: {
  message: string;
  onRetry: () => void;
  className?: string;
}) {
  return (
    <div className={className ? `empty ${className}` : 'empty'}>
      <p role="status">{message}</p>
      <button type="button" className="btn btn-secondary" onClick={onRetry}>
        Tentar de novo
      </button>
    </div>
  );
}

/** What a page of one child shows until the child she follows is known. */
export function ChildLoading() {
  return (
    <p className="record-of is-unknown" role="status">
      Carregando…
    </p>
  );
}
