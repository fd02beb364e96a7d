/**
 * /cartao-do-dia/papel/ (issue 43): the paper card, one A4 page — the child's first name, the
 * targets, the week's grid to fill by hand, and a QR code that opens today's card on the school
 * link (/escola/cartao/?token=…). A link's token is shown only when it is made (only its hash is
 * kept), so the card makes its own link, "Cartão em papel", and this device remembers it.
 */
import { useEffect, useState } from 'react';
import { ApiError } from '../../lib/api.ts';
import { createSchoolLink, roleOf } from '../../lib/circle.ts';
import { type DailyCard, loadCard, partNames } from '../../lib/daily-card.ts';
import { readJson, writeJson } from '../../lib/storage.ts';
import { addDays, mondayOf, today } from '../../shared/clock.ts';
import { shortDay } from '../../shared/format.ts';
import { currentChild } from '../../stores/child.ts';
import { useHydratedStore } from '../useHydrated.ts';

const DAYS = ['Seg', 'Ter', 'Qua', 'Qui', 'Sex', 'Sáb', 'Dom'];
const linkKey = (childId: string) => `cartao-papel-link-${childId}`;
/** The school link's address, on the card's page. */
const cardUrl = (url: string) => new URL(url.replace('/escola/?', '/escola/cartao/?'), window.location.origin).href;

export default function PaperCard() {
  const child = useHydratedStore(currentChild, null);
  const [card, setCard] = useState<DailyCard | null>(null);
  const [url, setUrl] = useState<string | null>(null);
  const [qr, setQr] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const childId = child?.id;

  useEffect(() => {
    if (!childId) return;
    const stored = readJson(linkKey(childId));
    setUrl(typeof stored === 'string' ? stored : null);
    loadCard(childId)
      .then(setCard)
      .catch(() => setProblem('Não foi possível abrir o cartão agora.'));
  }, [childId]);

  useEffect(() => {
    if (!url) return setQr('');
    void import('qrcode').then((QRCode) =>
      QRCode.toString(url, { type: 'svg', margin: 2, errorCorrectionLevel: 'M' }).then(setQr),
    );
  }, [url]);

  async function makeLink() {
    if (!childId) return;
    try {
      const { link } = await createSchoolLink(childId, 'Cartão em papel', 180);
      const address = cardUrl(link.url);
      writeJson(linkKey(childId), address);
      setUrl(address);
    } catch (err) {
      setProblem(err instanceof ApiError ? err.message : 'Não foi possível criar o link agora.');
    }
  }

  if (!child || (!card && !problem))
    return (
      <p className="muted" role="status">
        Carregando…
      </p>
    );
  const first = child.name.trim().split(/\s+/)[0] ?? child.name;
  const monday = mondayOf(today());
  const targets = card?.card.targets ?? [];
  return (
    <div className="paper">
      <div className="no-print card-section">
        {problem && (
          <p className="card-alert" role="alert">
            {problem}
          </p>
        )}
        {!url && roleOf(child) === 'owner' && (
          <>
            <p>
              O QR code abre o cartão do dia no celular da professora. Ele usa um link da escola só para este cartão,
              válido por 180 dias; dá para desativar em Equipe.
            </p>
            <button type="button" className="btn btn-secondary" onClick={() => void makeLink()}>
              Criar o link do QR code
            </button>
          </>
        )}
        <button type="button" className="btn btn-primary btn-block" onClick={() => window.print()}>
          Imprimir
        </button>
      </div>
      <article className="paper-card" aria-label={`Cartão do dia de ${first}`}>
        <header className="paper-head">
          <div>
            <h1>Cartão do dia de {first}</h1>
            <p>
              Semana de {shortDay(monday)} a {shortDay(addDays(monday, 6))}. Marque ✓ para sim e ✗ para não.
            </p>
          </div>
          {qr && (
            <figure className="paper-qr">
              {/* biome-ignore lint/security/noDangerouslySetInnerHtml: an SVG made here by qrcode from our own link */}
              <div role="img" aria-label="QR code do cartão do dia" dangerouslySetInnerHTML={{ __html: qr }} />
              <figcaption>Escola: aponte a câmera</figcaption>
            </figure>
          )}
        </header>
        <table className="paper-grid">
          <thead>
            <tr>
              <th scope="col">Objetivo</th>
              {DAYS.map((day, i) => (
                <th key={day} scope="col">
                  {day}
                  <br />
                  <span className="paper-date">{addDays(monday, i).slice(8, 10)}</span>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {targets.flatMap((target) =>
              partNames(target.parts).map((part, i) => (
                <tr key={`${target.id}-${part}`} className={i === 0 ? 'paper-first' : undefined}>
                  <th scope="row">
                    {i === 0 && <strong>{target.text}</strong>}
                    <span className="paper-part">
                      {target.parts > 1 ? part : 'O dia'} · meta {target.goal} de {target.parts}
                    </span>
                  </th>
                  {DAYS.map((day) => (
                    <td key={day} aria-label={`${target.text}, ${part}, ${day}`} />
                  ))}
                </tr>
              )),
            )}
          </tbody>
        </table>
        <p className="paper-foot">Cada ✓ vale uma estrela. Estrela ganha não se perde.</p>
      </article>
    </div>
  );
}
