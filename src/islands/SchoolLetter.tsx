/**
 * /direitos-na-escola/carta/: the letter asking the school for support and a written plan (issue 30,
 * item 7). She types the school year and the school; the child's name comes from the record; the
 * latest four weeks of "Casa e escola" join it when there are ratings. She prints it and signs.
 */
import { useEffect, useId, useState } from 'react';
import { ApiError, call, client } from '../lib/api.ts';
import { loadRatings } from '../lib/ratings.ts';
import { dayFromNow, formatDay } from '../shared/format.ts';
import { currentChild } from '../stores/child.ts';
import { session } from '../stores/session.ts';
import { CheckField } from './Field.tsx';
import { type FieldSpec, Fields } from './form-kit.tsx';
import { ChildLoading } from './LoadFailure.tsx';
import {
  byItem,
  differences,
  type Item,
  joinNames,
  letterAddressee,
  meanText,
  type RatingRow,
  raters,
} from './ratings/model.ts';
import { useForm } from './useForm.ts';
import { useHydratedStore } from './useHydrated.ts';

/** Four weeks: what the school can read in one look. */
const DAYS = 27;

/** What she checks before printing: the child, the school year, the school and her own name. */
const LETTER_FIELDS: Record<'name' | 'year' | 'school' | 'mother', FieldSpec> = {
  name: { label: 'Nome da criança', limit: 'childName' },
  year: { label: 'Ano ou turma', hint: 'Ex.: 3º ano B', limit: 'schoolYear' },
  school: { label: 'Nome da escola', optional: true, limit: 'name' },
  mother: { label: 'Seu nome', limit: 'fullName' },
};

type Summary = { from: string; to: string; ratings: RatingRow[] } | 'none' | 'loading' | 'failed';

export default function SchoolLetter({ items }: { items: Item[] }) {
  const child = useHydratedStore(currentChild, null);
  const state = useHydratedStore(session, null);
  const id = useId();
  const { form, setForm, bind } = useForm({ name: '', year: '', school: '', mother: '' });
  const { name, year, school, mother } = form;
  const [withSummary, setWithSummary] = useState(true);
  const [summary, setSummary] = useState<Summary>('loading');

  useEffect(() => {
    if (!child) return;
    setForm((typed) => ({ ...typed, name: child.name }));
    // The school year lives in the child's full record.
    call(client.children.$get()).then(
      (answer) =>
        setForm((typed) => ({
          ...typed,
          year: typed.year || answer.children.find((c) => c.id === child.id)?.schoolYear || '',
        })),
      () => undefined,
    );
    const from = dayFromNow(-DAYS);
    const to = dayFromNow(0);
    setSummary('loading');
    loadRatings(child.id, from, to).then(
      (ratings) => setSummary(ratings.length ? { from, to, ratings } : 'none'),
      (err) => setSummary(err instanceof ApiError && err.status === 402 ? 'none' : 'failed'),
    );
  }, [child, setForm]);

  useEffect(() => {
    const fullName = state?.profile?.fullName;
    if (fullName) setForm((typed) => ({ ...typed, mother: typed.mother || fullName }));
  }, [state, setForm]);

  if (!child) return <ChildLoading />;

  const who = name.trim() || child.name;
  const grade = year.trim();
  const rows = typeof summary === 'object' ? byItem(items, summary.ratings) : [];
  const said = differences(rows);
  const by = typeof summary === 'object' ? raters(summary.ratings) : null;

  return (
    <div className="letter-page">
      <form className="card letter-form no-print" onSubmit={(e) => e.preventDefault()} aria-labelledby={`${id}-form`}>
        <h2 id={`${id}-form`}>Confira os dados</h2>
        <Fields id={id} table={LETTER_FIELDS} bind={bind} />
        {typeof summary === 'object' && (
          <CheckField id={`${id}-summary`} checked={withSummary} onChange={(e) => setWithSummary(e.target.checked)}>
            Incluir o resumo “Casa e escola” das últimas 4 semanas
          </CheckField>
        )}
        {summary === 'none' && (
          <p className="field-hint">
            Ainda não há avaliações da semana nas últimas 4 semanas. Quando houver, o resumo “Casa e escola” entra na
            carta.
          </p>
        )}
        {summary === 'failed' && (
          <p className="field-hint" role="status">
            Não foi possível buscar o resumo “Casa e escola” agora. A carta segue sem ele.
          </p>
        )}
        <button type="button" className="btn btn-primary btn-block" onClick={() => window.print()}>
          Imprimir ou salvar em PDF
        </button>
      </form>

      <article className="letter" aria-label="Carta para a escola">
        <p className="letter-date">Data: ____/____/________</p>
        <p>{letterAddressee(school)}</p>
        <p className="letter-subject">
          <strong>
            Assunto: pedido de acompanhamento e de um plano individual para {who}
            {grade ? `, ${grade}` : ''}
          </strong>
        </p>
        <p>
          Eu, {mother.trim() || '______________________________'}, responsável por{' '}
          <strong className="letter-child">{who}</strong>
          {grade ? `, estudante do ${grade}` : ''}, venho pedir à escola o acompanhamento previsto na Lei nº
          14.254/2021. Essa lei garante aos estudantes com dislexia, TDAH ou outro transtorno de aprendizagem
          acompanhamento específico para a sua dificuldade, o mais cedo possível, feito pelos educadores da escola (art.
          3º); o acompanhamento integral que ela prevê inclui a identificação precoce e o encaminhamento para
          diagnóstico (art. 1º). Em casa, observamos dificuldades que pesam no aprendizado de {who}.
        </p>
        {typeof summary === 'object' && withSummary && (
          <section className="letter-summary" aria-label="Resumo Casa e escola">
            <p>
              Em casa{by?.school.length ? ' e na escola' : ''}, anotamos toda semana o que observamos. Resumo de{' '}
              {formatDay(summary.from)} a {formatDay(summary.to)}, em que 0 é “nada” e 3 é “muito”:
            </p>
            <table className="letter-table">
              <thead>
                <tr>
                  <th scope="col">O que observamos</th>
                  <th scope="col">Em casa</th>
                  <th scope="col">Na escola</th>
                </tr>
              </thead>
              <tbody>
                {rows
                  .filter((row) => row.home !== null || row.school !== null)
                  .map((row) => (
                    <tr key={row.item.key}>
                      <th scope="row">{row.item.label}</th>
                      <td>{meanText(row.home)}</td>
                      <td>{row.item.school ? meanText(row.school) : '—'}</td>
                    </tr>
                  ))}
              </tbody>
            </table>
            {said.map((sentence) => (
              <p key={sentence}>{sentence}</p>
            ))}
            {by && (
              <p className="letter-small">
                Avaliaram:{' '}
                {[
                  by.home.length ? `em casa, ${joinNames(by.home)}` : '',
                  by.school.length ? `na escola, ${joinNames(by.school)}` : '',
                ]
                  .filter(Boolean)
                  .join('; ')}
                . São observações da família e da escola, não um diagnóstico.
              </p>
            )}
          </section>
        )}
        <p>Peço, por isso:</p>
        <ol>
          <li>uma reunião com a coordenação e os professores para conversarmos sobre {who};</li>
          <li>
            um plano individual por escrito (PEI), que diga o que a escola vai fazer, quem fará e quando vamos revê-lo
            juntos;
          </li>
          <li>uma resposta por escrito a este pedido em até 15 dias.</li>
        </ol>
        <p>
          Lembro que, segundo a Nota Técnica nº 04/2014 do MEC, o laudo médico não é documento obrigatório para o apoio
          pedagógico. A família está à disposição para contar o que observa e, quando houver, levar os relatórios dos
          profissionais que acompanham {who}.
        </p>
        <p>Atenciosamente,</p>
        <p className="letter-sign">
          ____________________________________
          <br />
          {mother.trim() || 'Nome da responsável'}
          <br />
          Responsável por {who}
        </p>
        <p className="letter-received">Recebido pela escola em ____/____/________ por ______________________________</p>
      </article>
    </div>
  );
}
