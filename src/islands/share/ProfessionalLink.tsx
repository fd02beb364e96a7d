/**
 * On /padroes/: "Link para o profissional" and her live links for the child (issue 42): period,
 * expiry, code or not, each opening (date and time, never who) and "Revogar". Owners and carers
 * only (a viewer never sees it; the API answers her 403).
 */
import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { ApiError } from '../../lib/api.ts';
import { toast } from '../../lib/toast.ts';
import { formatDay } from '../../shared/format.ts';
import { count } from '../../shared/words.ts';
import { useMountedOnce } from '../useMountedOnce.ts';
import { downloadFhir, listLinks, type Period, revokeLink, type ShareLink } from './api.ts';
import { momentText } from './moments.ts';

const LinkDialog = lazy(() => import('./LinkDialog.tsx'));

interface Props {
  childId: string;
  childName: string;
  period: Period;
  today: string;
}

const live = (link: ShareLink, now: number) =>
  !link.revokedAt && !link.lockedAt && new Date(link.expiresAt).getTime() > now;

function Openings({ link }: { link: ShareLink }) {
  if (!link.openings.length) return <p className="muted">Ainda não foi aberto.</p>;
  return (
    <>
      <p>Aberto {count(link.openings.length, 'vez', 'vezes')}:</p>
      <ul className="share-openings">
        {link.openings.map((o) => (
          <li key={o.at}>{momentText(o.at)}</li>
        ))}
      </ul>
    </>
  );
}

export default function ProfessionalLink({ childId, childName, period, today }: Props) {
  const [open, setOpen] = useState(false);
  const mounted = useMountedOnce(open);
  const [links, setLinks] = useState<ShareLink[] | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const [revoking, setRevoking] = useState<string | null>(null);
  const [fhir, setFhir] = useState<'idle' | 'busy'>('idle');
  const [said, setSaid] = useState('');

  const load = useCallback(() => {
    listLinks(childId).then(
      (list) => {
        setLinks(list);
        setFailed(null);
      },
      (err: unknown) => setFailed(err instanceof Error ? err.message : 'Não foi possível carregar os links.'),
    );
  }, [childId]);
  useEffect(load, [load]);
  // From the child's card ("Link para o profissional"): straight to the dialog.
  useEffect(() => {
    if (window.location.hash !== '#link-profissional') return;
    document.getElementById('link-profissional')?.scrollIntoView();
    setOpen(true);
    history.replaceState(null, '', window.location.pathname + window.location.search);
  }, []);

  async function revoke(link: ShareLink) {
    setRevoking(link.id);
    try {
      await revokeLink(childId, link.id);
      toast('Link revogado', 'Quem tiver o link não consegue mais abrir o resumo.', 'success');
      load();
    } catch (err) {
      toast('Não foi possível revogar o link', err instanceof ApiError ? err.message : undefined);
    } finally {
      setRevoking(null);
    }
  }

  async function clinicFile() {
    setFhir('busy');
    try {
      setSaid(`Arquivo baixado: ${await downloadFhir(childId, period)}. Ele está na pasta de downloads do aparelho.`);
    } catch (err) {
      setSaid('');
      toast('Não foi possível gerar o arquivo', err instanceof ApiError ? err.message : undefined);
    } finally {
      setFhir('idle');
    }
  }

  const now = Date.now();
  const shown = (links ?? []).filter((link) => live(link, now)).reverse();
  return (
    <section className="professional-link no-print" aria-labelledby="link-profissional">
      <h2 id="link-profissional">Link para o profissional</h2>
      <p>
        Um link que abre o resumo no celular ou no computador do médico, sem conta. Ele vence sozinho e você pode
        revogar quando quiser.
      </p>
      <div className="share-buttons">
        <button type="button" className="btn btn-primary" onClick={() => setOpen(true)}>
          Link para o profissional
        </button>
        <button type="button" className="btn btn-secondary" onClick={clinicFile} disabled={fhir === 'busy'}>
          {fhir === 'busy' ? 'Aguarde…' : 'Arquivo para o sistema da clínica'}
        </button>
      </div>
      <p className="field-hint">
        O arquivo (FHIR) é para o sistema do consultório: o mesmo resumo, em dados que o prontuário eletrônico lê.
      </p>
      <p className="share-said" role="status">
        {said}
      </p>
      {failed && (
        <p className="notice notice-warning" role="alert">
          {failed}
        </p>
      )}
      {shown.length > 0 && (
        <ul className="share-links" aria-label="Links ativos">
          {shown.map((link) => (
            <li key={link.id} className="card share-link">
              <p>
                <strong>
                  De {formatDay(link.from)} a {formatDay(link.to)}
                </strong>
              </p>
              <p>
                Vale até {momentText(link.expiresAt)} · {link.hasPasscode ? 'com código' : 'sem código'}
              </p>
              <Openings link={link} />
              <button
                type="button"
                className="btn btn-danger"
                disabled={revoking === link.id}
                onClick={() => revoke(link)}
                aria-label={`Revogar o link de ${formatDay(link.from)} a ${formatDay(link.to)}`}
              >
                {revoking === link.id ? 'Revogando…' : 'Revogar'}
              </button>
            </li>
          ))}
        </ul>
      )}
      {mounted && (
        <Suspense fallback={null}>
          <LinkDialog
            open={open}
            onClose={() => setOpen(false)}
            childId={childId}
            childName={childName}
            period={period}
            today={today}
            onCreated={load}
          />
        </Suspense>
      )}
    </section>
  );
}
