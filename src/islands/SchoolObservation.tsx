/**
 * /escola/?token=… : a teacher's observation of the child, without an account. The link says
 * whose (first name only) and for whom; the text is kept on the device until it is sent, so a
 * dropped connection or a closed tab loses nothing. A revoked or expired link says so.
 */

import { type FormEvent, useEffect, useId, useState } from 'react';
import { ApiError } from '../lib/api.ts';
import { postSchoolObservation, schoolLink } from '../lib/circle.ts';
import { readJson, removeKey, writeJson } from '../lib/storage.ts';
import { ATTENTION_WORDS } from '../shared/enums.ts';
import { nowStamp } from '../shared/format.ts';
import { ChoiceField } from './Field.tsx';
import { type FieldSpec, Fields, focusInvalid } from './form-kit.tsx';
import { Gone, Sent } from './school/Answers.tsx';
import SchoolRating, { type SchoolScale } from './school/SchoolRating.tsx';
import { useForm } from './useForm.ts';

const GONE = 'Este link não está mais ativo. Peça um novo à família.';
const OFFLINE = 'Sem conexão agora. O que você escreveu continua aqui: envie de novo quando a internet voltar.';
const DRAFT_KEY = 'escola-rascunho';

/** 1–5 in words that fit a girl or a boy. */
const ATTENTION_VALUES = ATTENTION_WORDS.slice(1).map((_, i) => String(i + 1));
const ATTENTION_LABELS = Object.fromEntries(
  ATTENTION_VALUES.map((value, i) => [value, `${value} · ${ATTENTION_WORDS[i + 1]}`]),
);

/** The episode as she saw it: when, where, what came before, what the child and the adult did. */
const episodeFields = (name: string): Partial<Record<keyof Values, FieldSpec>> => ({
  date: { label: 'Dia', type: 'date', max: nowStamp().date, 'aria-required': true },
  period: { label: 'Período ou aula', optional: true, limit: 'schoolShort', hint: 'Ex.: manhã, 2ª aula, recreio.' },
  activity: {
    label: 'Atividade',
    optional: true,
    limit: 'schoolShort',
    hint: 'Ex.: ditado, roda de leitura, educação física.',
  },
  antecedent: {
    label: 'O que aconteceu antes',
    textarea: true,
    limit: 'freeText',
    hint: 'O pedido, a mudança ou o barulho logo antes.',
    'aria-required': true,
  },
  behavior: {
    label: `O que ${name} fez`,
    textarea: true,
    limit: 'freeText',
    hint: 'Descreva o que viu, sem rótulos: “saiu da carteira três vezes”.',
    'aria-required': true,
  },
  consequence: { label: 'O que o adulto fez', textarea: true, optional: true, limit: 'freeText' },
  helped: { label: 'O que ajudou', textarea: true, optional: true, limit: 'freeText' },
});

const OBSERVER: Partial<Record<keyof Values, FieldSpec>> = {
  observer: {
    label: 'Seu nome',
    optional: true,
    limit: 'schoolShort',
    autoComplete: 'name',
    hint: 'Para a família saber quem observou.',
  },
};

const EMPTY = {
  date: '',
  period: '',
  activity: '',
  antecedent: '',
  behavior: '',
  consequence: '',
  helped: '',
  attention: '',
  observer: '',
  /** made on this device and kept with the draft: a send retried after a lost answer is stored once */
  sendId: '',
};
type Values = typeof EMPTY;

type State =
  | { kind: 'loading' }
  | { kind: 'gone'; message: string; retry?: boolean }
  | { kind: 'form'; childFirstName: string; label: string }
  | { kind: 'sent'; childFirstName: string; label: string };

const draftOf = (token: string): Partial<Values> => {
  const stored = readJson(DRAFT_KEY) as { token?: string; values?: Partial<Values> } | undefined;
  return stored?.token === token ? (stored.values ?? {}) : {};
};

/** What the link opens: the form, or why not. */
async function linkState(found: string): Promise<State> {
  try {
    return { kind: 'form', ...(await schoolLink(found)) };
  } catch (err) {
    if (err instanceof ApiError && err.code === 'network')
      return { kind: 'gone', message: 'Sem conexão agora. Verifique sua internet e tente de novo.', retry: true };
    if (err instanceof ApiError && err.status !== 404 && err.status < 500)
      return { kind: 'gone', message: err.message };
    return {
      kind: 'gone',
      message:
        err instanceof ApiError && err.status === 404
          ? GONE
          : 'Não foi possível abrir o formulário agora. Tente de novo em alguns minutos.',
    };
  }
}

export default function SchoolObservation({ scale }: { scale: SchoolScale }) {
  const [state, setState] = useState<State>({ kind: 'loading' });
  const [token, setToken] = useState('');
  const { form, setForm, setErrors, bind, errors } = useForm<Values>(EMPTY);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const id = useId();

  useEffect(() => {
    const found = new URLSearchParams(window.location.search).get('token') ?? '';
    if (!found) return setState({ kind: 'gone', message: GONE });
    setToken(found);
    const draft = draftOf(found);
    setForm({ ...EMPTY, date: nowStamp().date, ...draft, sendId: draft.sendId || crypto.randomUUID() });
    void linkState(found).then(setState);
  }, [setForm]);

  // Every keystroke is kept on this device until the observation is sent.
  useEffect(() => {
    if (token && state.kind === 'form') writeJson(DRAFT_KEY, { token, values: form });
  }, [form, token, state.kind]);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const target = event.currentTarget;
    const found: Record<string, string> = {};
    if (!form.date) found.date = 'Informe o dia.';
    if (!form.antecedent.trim()) found.antecedent = 'Conte o que aconteceu antes.';
    if (!form.behavior.trim()) found.behavior = 'Conte o que a criança fez.';
    setErrors(found);
    setProblem(null);
    if (Object.keys(found).length) {
      focusInvalid(target);
      return;
    }
    const text = (value: string) => value.trim() || undefined;
    setBusy(true);
    try {
      await postSchoolObservation(token, {
        id: form.sendId || undefined,
        date: form.date,
        period: text(form.period),
        activity: text(form.activity),
        antecedent: form.antecedent.trim(),
        behavior: form.behavior.trim(),
        consequence: text(form.consequence),
        helped: text(form.helped),
        attention: form.attention ? Number(form.attention) : undefined,
        observer: text(form.observer),
      });
      removeKey(DRAFT_KEY);
      if (state.kind === 'form') setState({ ...state, kind: 'sent' });
    } catch (err) {
      if (err instanceof ApiError && err.status === 404) setState({ kind: 'gone', message: GONE });
      else if (err instanceof ApiError && err.code === 'validation_failed' && Object.keys(err.fields).length)
        setErrors(err.fields);
      else if (err instanceof ApiError && err.code !== 'network') setProblem(err.message);
      else setProblem(OFFLINE);
    } finally {
      setBusy(false);
    }
  }

  function another() {
    if (state.kind !== 'sent') return;
    // The same class and observer are likely: only the observation itself starts empty.
    setForm((f) => ({
      ...EMPTY,
      date: nowStamp().date,
      period: f.period,
      activity: f.activity,
      observer: f.observer,
      sendId: crypto.randomUUID(),
    }));
    setState({ ...state, kind: 'form' });
  }

  if (state.kind === 'loading') {
    return (
      <div className="auth-card school">
        <h1>Observação da escola</h1>
        <p role="status">Abrindo o formulário…</p>
      </div>
    );
  }
  if (state.kind === 'gone')
    return (
      <Gone message={state.message} onRetry={state.retry ? () => void linkState(token).then(setState) : undefined} />
    );
  if (state.kind === 'sent') return <Sent name={state.childFirstName} onAnother={another} />;
  const name = state.childFirstName;
  return (
    <div className="auth-card school">
      <h1>Observação sobre {name}</h1>
      <p className="auth-lead">
        Link de <strong>{state.label}</strong>. O que você enviar vai para o diário que a família de {name} mantém. Você
        não vê nada além deste formulário.
      </p>
      <SchoolRating token={token} name={name} scale={scale} onGone={() => setState({ kind: 'gone', message: GONE })} />
      <h2 className="school-episode">Contar um episódio</h2>
      <form method="post" onSubmit={submit} noValidate aria-busy={busy}>
        <Fields id={id} table={episodeFields(name)} bind={bind} />
        <ChoiceField
          label="Atenção na atividade"
          optional
          className="attention"
          name={`${id}-attention`}
          values={ATTENTION_VALUES}
          labels={ATTENTION_LABELS}
          value={form.attention}
          onChange={(attention) => setForm((f) => ({ ...f, attention }))}
          error={errors.attention}
        />
        <Fields id={id} table={OBSERVER} bind={bind} />
        {problem && (
          <div className="notice notice-warning" role="alert">
            <p>{problem}</p>
          </div>
        )}
        <button type="submit" className="btn btn-primary btn-block" disabled={busy}>
          {busy ? 'Enviando…' : 'Enviar observação'}
        </button>
      </form>
    </div>
  );
}
