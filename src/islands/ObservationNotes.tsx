/**
 * The free-text notes of an observation page. The spec keeps them only in screen state and
 * loses them on leaving; here they stay on this device (never sent to the server). The textarea
 * is uncontrolled so that text typed before hydration is kept, not overwritten.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { readJson, writeJson } from '../lib/storage.ts';

export default function ObservationNotes({ condition }: { condition: string }) {
  const key = `notas-observacao-${condition}`;
  const id = useId();
  const ref = useRef<HTMLTextAreaElement>(null);
  const [saved, setSaved] = useState(false);

  useEffect(() => {
    const element = ref.current!;
    const stored = readJson(key);
    if (element.value) writeJson(key, element.value);
    else if (typeof stored === 'string') element.value = stored;
  }, [key]);

  useEffect(() => {
    if (!saved) return;
    const timer = setTimeout(() => setSaved(false), 2000);
    return () => clearTimeout(timer);
  }, [saved]);

  return (
    <div className="field notes">
      <label htmlFor={id}>Suas observações</label>
      <textarea
        ref={ref}
        id={id}
        rows={6}
        maxLength={5000}
        placeholder="Digite suas observações aqui..."
        defaultValue=""
        onInput={(event) => {
          writeJson(key, event.currentTarget.value);
          setSaved(true);
        }}
        aria-describedby={`${id}-hint`}
      />
      <p id={`${id}-hint`} className="field-hint" aria-live="polite">
        {saved ? 'Salvo neste aparelho.' : 'Ficam guardadas só neste aparelho.'}
      </p>
    </div>
  );
}
