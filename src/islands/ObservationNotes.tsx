/**
 * The free-text notes of an observation page. The spec keeps them only in screen state and
 * loses them on leaving; here they stay on this device (never sent to the server).
 */
import { useEffect, useId, useState } from 'react';
import { readJson, writeJson } from '../lib/storage.ts';

export default function ObservationNotes({ condition }: { condition: string }) {
  const key = `notas-observacao-${condition}`;
  const id = useId();
  const [text, setText] = useState('');
  const [saved, setSaved] = useState(false);

  useEffect(() => {
    const stored = readJson(key);
    if (typeof stored === 'string') setText(stored);
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
        id={id}
        rows={6}
        maxLength={5000}
        placeholder="Digite suas observações aqui..."
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          writeJson(key, event.target.value);
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
