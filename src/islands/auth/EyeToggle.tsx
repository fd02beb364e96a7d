import LineIcon from '../LineIcon.tsx';

/** "Mostrar senha" / "Ocultar senha" inside the password field. */
export default function EyeToggle({ shown, onToggle }: { shown: boolean; onToggle: () => void }) {
  return (
    <button
      type="button"
      className="input-action"
      onClick={onToggle}
      aria-label={shown ? 'Ocultar senha' : 'Mostrar senha'}
      aria-pressed={shown}
    >
      <LineIcon>
        <path d="M2 12s3.6-6.5 10-6.5S22 12 22 12s-3.6 6.5-10 6.5S2 12 2 12z" />
        <circle cx="12" cy="12" r="3" />
        {shown && <path d="M4 4l16 16" />}
      </LineIcon>
    </button>
  );
}
