/**
 * The live line under a form that sends to the team: "sent", "waiting for the connection" or
 * "not sent, your text is still here". Always in the page (empty when there is nothing to say),
 * so screen readers announce each change.
 */
export type SendState = { tone: 'success' | 'warning' | 'error'; text: string } | null;

export default function Status({ state }: { state: SendState }) {
  return (
    <div className="send-status" role="status" aria-live="polite">
      {state && <p className={`notice notice-${state.tone}`}>{state.text}</p>}
    </div>
  );
}
