/**
 * "Relatório para o profissional" downloads the PDF of the period; "Compartilhar" hands the same
 * file to the phone's share sheet (WhatsApp on Android) where the browser shares files, and
 * downloads it elsewhere; "Imprimir" prints the page itself (print stylesheet).
 */
import { useState } from 'react';
import { ApiError } from '../../lib/api.ts';
import { toast } from '../../lib/toast.ts';
import { fetchReport } from './api.ts';
import type { Period } from './model.ts';

function download(file: File) {
  const url = URL.createObjectURL(file);
  const link = document.createElement('a');
  link.href = url;
  link.download = file.name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

async function share(file: File) {
  const data = { files: [file], title: 'Relatório para o profissional' };
  if (typeof navigator.canShare === 'function' && navigator.canShare(data)) {
    try {
      await navigator.share(data);
    } catch (err) {
      if ((err as Error).name !== 'AbortError') download(file);
    }
  } else download(file);
}

interface Props {
  childId: string;
  period: Period;
  onPaywall: () => void;
}

export default function Actions({ childId, period, onPaywall }: Props) {
  const [busy, setBusy] = useState<'report' | 'share' | null>(null);
  const run = async (what: 'report' | 'share') => {
    setBusy(what);
    try {
      const file = await fetchReport(childId, period);
      await (what === 'share' ? share(file) : download(file));
    } catch (err) {
      if (err instanceof ApiError && err.status === 402) onPaywall();
      else toast('Não foi possível gerar o relatório', err instanceof Error ? err.message : undefined);
    } finally {
      setBusy(null);
    }
  };
  return (
    <div className="pattern-actions no-print">
      <button type="button" className="btn btn-primary" onClick={() => run('report')} disabled={busy !== null}>
        {busy === 'report' ? 'Gerando relatório…' : 'Relatório para o profissional'}
      </button>
      <button type="button" className="btn btn-secondary" onClick={() => run('share')} disabled={busy !== null}>
        {busy === 'share' ? 'Preparando…' : 'Compartilhar'}
      </button>
      <button type="button" className="btn btn-ghost" onClick={() => window.print()}>
        Imprimir esta página
      </button>
    </div>
  );
}
