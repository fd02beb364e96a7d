/**
 * "Relatório para o profissional" downloads the PDF of the period; "Compartilhar" hands the same
 * file to the phone's share sheet (WhatsApp on Android) where the browser shares files, and
 * downloads it elsewhere; "Imprimir" prints the page itself (print stylesheet).
 */
import { useEffect, useId, useState } from 'react';
import { ApiError } from '../../lib/api.ts';
import { toast } from '../../lib/toast.ts';
import { daysInPeriod } from '../../shared/insights-core.ts';
import { fetchReport } from './api.ts';
import type { Period } from './model.ts';

/** Over this many days, the list of every entry is left out unless she asks for it. */
const LONG_PERIOD_DAYS = 30;
const daysOf = (period: Period) => daysInPeriod(period.from, period.to);

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

type Outcome = 'downloaded' | 'shared' | 'cancelled';

async function share(file: File): Promise<Outcome> {
  const data = { files: [file], title: 'Relatório para o profissional' };
  if (typeof navigator.canShare === 'function' && navigator.canShare(data)) {
    try {
      await navigator.share(data);
      return 'shared';
    } catch (err) {
      if ((err as Error).name === 'AbortError') return 'cancelled';
    }
  }
  download(file);
  return 'downloaded';
}

/** What happened, said once it has: she always knows where the report went. */
const DONE: Record<Outcome, (file: File) => string> = {
  downloaded: (file) => `Relatório baixado: ${file.name}. Ele está na pasta de downloads do aparelho.`,
  shared: () => 'Relatório compartilhado.',
  cancelled: () => 'Compartilhamento cancelado. O relatório não foi enviado.',
};

interface Props {
  childId: string;
  period: Period;
  onPaywall: () => void;
}

export default function Actions({ childId, period, onPaywall }: Props) {
  const [busy, setBusy] = useState<'report' | 'share' | null>(null);
  const [said, setSaid] = useState('');
  const id = useId();
  const long = daysOf(period) > LONG_PERIOD_DAYS;
  const [entries, setEntries] = useState(!long);
  useEffect(() => setEntries(!long), [long]);
  const run = async (what: 'report' | 'share') => {
    setBusy(what);
    setSaid('Gerando o relatório…');
    try {
      const file = await fetchReport(childId, period, entries);
      let outcome: Outcome = 'downloaded';
      if (what === 'share') outcome = await share(file);
      else download(file);
      setSaid(DONE[outcome](file));
    } catch (err) {
      setSaid('');
      if (err instanceof ApiError && err.status === 402) onPaywall();
      else toast('Não foi possível gerar o relatório', err instanceof Error ? err.message : undefined);
    } finally {
      setBusy(null);
    }
  };
  return (
    <div className="pattern-actions no-print">
      <label className="report-entries" htmlFor={`${id}-entries`}>
        <input id={`${id}-entries`} type="checkbox" checked={entries} onChange={(e) => setEntries(e.target.checked)} />
        <span>
          Incluir todos os registros
          <span className="field-hint">
            {long
              ? 'A lista completa vai no fim, como anexo. Em períodos longos ela ocupa muitas páginas.'
              : 'A lista completa vai no fim, como anexo.'}
          </span>
        </span>
      </label>
      <button type="button" className="btn btn-primary" onClick={() => run('report')} disabled={busy !== null}>
        {busy === 'report' ? 'Aguarde…' : 'Relatório para o profissional'}
      </button>
      <button type="button" className="btn btn-secondary" onClick={() => run('share')} disabled={busy !== null}>
        {busy === 'share' ? 'Aguarde…' : 'Compartilhar'}
      </button>
      <button type="button" className="btn btn-ghost" onClick={() => window.print()}>
        Imprimir esta página
      </button>
      <p className="report-status" role="status">
        {said}
      </p>
    </div>
  );
}
