/**
 * "O que lembrar": the daily entry at the time she picks, the sleep guide's evening routine before
 * a child's bedtime, the week's summary and the renewal notices (GET/PUT /api/reminders, times in
 * America/Sao_Paulo). One form, saved with one tap; a failed save keeps every choice on screen.
 */
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import type { RoutineStep } from '../../integrations/site-rules.ts';
import { ApiError, call, client } from '../../lib/api.ts';
import { ownerNameOf, roleOf } from '../../lib/circle.ts';
import { fieldMessages } from '../../shared/field-messages.ts';
import { refreshSession, SESSION_UNKNOWN, session } from '../../stores/session.ts';
import Field, { CheckField } from '../Field.tsx';
import { useHydratedStore } from '../useHydrated.ts';
import { bodyOf, type Choices, choicesOf, FIELD_OF, isTime, minutesBefore } from './choices.ts';

// The API's own rules (and zod with them) load when she saves, not before the page shows.
const rules = () => import('../../shared/reminders.ts');

type Status = { kind: 'idle' | 'saving' | 'saved' | 'failed'; text: string };
const IDLE: Status = { kind: 'idle', text: '' };
const LOAD_FAILED = 'Não foi possível carregar seus lembretes. Verifique sua conexão e tente novamente.';
const SAVE_FAILED = 'Não foi possível salvar agora. Suas escolhas continuam aqui: tente de novo com internet.';

/** The hours a reminder may be set to, 'HH:MM' (src/shared/reminders.ts): never in the quiet hours. */
export interface TimeLimits {
  daily: TimeRange;
  bedtime: TimeRange;
}
/** `from` and `to` for the input, `words` for her: "Entre 7h e 22h". */
type TimeRange = { from: string; to: string; words: string };

interface Props {
  /** the sleep guide's routine, in its words */
  steps: RoutineStep[];
  limits: TimeLimits;
  /** whether this device receives the reminders (the card above) */
  deviceOn: boolean;
}

export default function SettingsForm({ steps, limits, deviceOn }: Props) {
  const id = useId();
  const { children } = useHydratedStore(session, SESSION_UNKNOWN);
  const [choices, setChoices] = useState<Choices | null>(null);
  const [loadError, setLoadError] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [status, setStatus] = useState<Status>(IDLE);
  const form = useRef<HTMLFormElement>(null);

  async function load() {
    setLoadError('');
    try {
      setChoices(choicesOf(await call(client.reminders.$get())));
    } catch (err) {
      setLoadError(err instanceof ApiError && err.code !== 'network' ? err.message : LOAD_FAILED);
    }
  }

  // biome-ignore lint/correctness/useExhaustiveDependencies: once, after hydration.
  useEffect(() => {
    void load();
    void refreshSession();
  }, []);

  // The routine follows a child she still follows: the first one when none (or one she left) was chosen.
  useEffect(() => {
    if (choices && children.length && !children.some((child) => child.id === choices.childId))
      setChoices({ ...choices, childId: children[0]!.id });
  }, [children, choices]);

  function change<K extends keyof Choices>(name: K, value: Choices[K]) {
    setChoices((current) => current && { ...current, [name]: value });
    const field = FIELD_OF[name];
    if (field && errors[field]) setErrors(({ [field]: _, ...rest }) => rest);
    if (status.kind !== 'saving') setStatus(IDLE);
  }

  async function save(event: FormEvent) {
    event.preventDefault();
    if (!choices) return;
    const { remindersUpdateSchema } = await rules();
    const parsed = remindersUpdateSchema.safeParse(bodyOf(choices));
    // A time is needed only for a reminder she turned on; an empty one asks for it.
    const found = {
      ...(choices.daily && !choices.dailyTime ? { 'daily.time': 'Escolha o horário do lembrete' } : {}),
      ...(choices.bedtime && !choices.childId ? { 'bedtime.childId': 'Escolha a criança da rotina do sono' } : {}),
      ...(choices.bedtime && !choices.bedtimeTime ? { 'bedtime.time': 'Informe a hora de dormir' } : {}),
      ...(parsed.success ? {} : fieldMessages(parsed.error)),
    };
    setErrors(found);
    if (!parsed.success || Object.keys(found).length) {
      requestAnimationFrame(() => form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
      return;
    }
    setStatus({ kind: 'saving', text: 'Salvando…' });
    try {
      setChoices(choicesOf(await call(client.reminders.$put({ json: parsed.data }))));
      setStatus({ kind: 'saved', text: 'Lembretes salvos.' });
    } catch (err) {
      if (err instanceof ApiError && err.code === 'validation_failed' && Object.keys(err.fields).length) {
        setErrors(err.fields);
        setStatus({ kind: 'failed', text: 'Confira os campos marcados.' });
      } else {
        setStatus({
          kind: 'failed',
          text: err instanceof ApiError && err.code !== 'network' ? err.message : SAVE_FAILED,
        });
      }
    }
  }

  const saving = status.kind === 'saving';
  const child = children.find((c) => c.id === choices?.childId);
  return (
    <section className="card reminders-settings" aria-labelledby="o-que-lembrar" aria-busy={!choices && !loadError}>
      <h2 id="o-que-lembrar">O que lembrar</h2>
      {!choices && !loadError && <p className="field-hint">Carregando seus lembretes…</p>}
      {loadError && (
        <div role="alert">
          <p className="notice notice-warning">{loadError}</p>
          <button type="button" className="btn btn-secondary" onClick={() => void load()}>
            Tentar de novo
          </button>
        </div>
      )}
      {choices && (
        <form ref={form} onSubmit={save} noValidate aria-busy={saving}>
          <fieldset className="reminder">
            <legend>Registro do dia</legend>
            <CheckField checked={choices.daily} onChange={(e) => change('daily', e.target.checked)}>
              Lembrar de anotar como foi o dia
            </CheckField>
            {choices.daily && (
              <Field
                id={`${id}-daily`}
                label="Horário"
                type="time"
                min={limits.daily.from}
                max={limits.daily.to}
                hint={`${limits.daily.words}, horário de Brasília.`}
                value={choices.dailyTime}
                error={errors['daily.time']}
                onChange={(e: { target: { value: string } }) => change('dailyTime', e.target.value)}
                aria-required
              />
            )}
          </fieldset>

          <fieldset className="reminder">
            <legend>Rotina da hora de dormir</legend>
            {children.length === 0 ? (
              <p className="field-hint">
                Para receber a rotina, cadastre a criança em <a href="/criancas/">Crianças que você acompanha</a>.
              </p>
            ) : (
              <>
                <CheckField checked={choices.bedtime} onChange={(e) => change('bedtime', e.target.checked)}>
                  Avisar cada passo da rotina do Guia do Sono
                </CheckField>
                {choices.bedtime && (
                  <>
                    <Field
                      as="select"
                      id={`${id}-child`}
                      label="Criança"
                      value={choices.childId}
                      error={errors['bedtime.childId']}
                      onChange={(e: { target: { value: string } }) => change('childId', e.target.value)}
                    >
                      {children.map((c) => (
                        <option key={c.id} value={c.id}>
                          {roleOf(c) === 'owner' || !ownerNameOf(c) ? c.name : `${c.name} (de ${ownerNameOf(c)})`}
                        </option>
                      ))}
                    </Field>
                    <Field
                      id={`${id}-bedtime`}
                      label={child ? `Hora de dormir de ${child.name}` : 'Hora de dormir'}
                      type="time"
                      min={limits.bedtime.from}
                      max={limits.bedtime.to}
                      hint={`${limits.bedtime.words}, horário de Brasília. Um aviso para cada passo abaixo.`}
                      value={choices.bedtimeTime}
                      error={errors['bedtime.time']}
                      onChange={(e: { target: { value: string } }) => change('bedtimeTime', e.target.value)}
                      aria-required
                    />
                  </>
                )}
                <ol className="routine" aria-label="Os cinco passos da rotina">
                  {steps.map((step) => (
                    <li key={step.offset}>
                      <span className="routine-when">
                        {choices.bedtime && isTime(choices.bedtimeTime)
                          ? minutesBefore(choices.bedtimeTime, step.offset)
                          : step.offset
                            ? `${step.offset} min antes`
                            : 'Na hora'}
                      </span>
                      <span>{step.text}</span>
                    </li>
                  ))}
                </ol>
              </>
            )}
          </fieldset>

          <fieldset className="reminder">
            <legend>Remédios</legend>
            <CheckField checked={choices.medicines} onChange={(e) => change('medicines', e.target.checked)}>
              Avisar nos horários dos remédios das crianças que você acompanha
            </CheckField>
            <p className="field-hint">
              Vale para os remédios com “Lembrar nos horários” ligado em <a href="/tratamento/">Tratamento</a>. O aviso
              diz só o primeiro nome da criança e o horário, nunca o nome do remédio. Se ninguém marcar a dose em 60
              minutos, quem ligou este lembrete recebe mais um aviso.
            </p>
          </fieldset>

          <fieldset className="reminder">
            <legend>Como foi a semana</legend>
            <CheckField checked={choices.rating} onChange={(e) => change('rating', e.target.checked)}>
              Aos domingos, às 19h, lembrar de avaliar a semana de cada criança
            </CheckField>
            <p className="field-hint">
              O aviso pergunta pelo primeiro nome (por exemplo, “Como foi a semana de Lia?”) e só chega se você ainda
              não avaliou a semana. Leva menos de um minuto, em <a href="/avaliacao-da-semana/">Como foi a semana</a>.
            </p>
          </fieldset>

          <fieldset className="reminder">
            <legend>Resumo da semana</legend>
            <CheckField checked={choices.weekly} onChange={(e) => change('weekly', e.target.checked)}>
              Receber um resumo curto dos registros da semana
            </CheckField>
            <p className="field-hint">
              Por exemplo: “Resumo da semana de Lia: 4 episódios, 2 a menos que na anterior”.
            </p>
          </fieldset>

          <fieldset className="reminder">
            <legend>Renovação da assinatura</legend>
            <CheckField checked={choices.renewal} onChange={(e) => change('renewal', e.target.checked)}>
              Avisar antes de a assinatura terminar
            </CheckField>
            <p className="field-hint">3 dias e 1 dia antes do fim, por notificação e por e-mail.</p>
          </fieldset>

          <button type="submit" className="btn btn-primary btn-block" disabled={saving}>
            {saving ? 'Salvando…' : 'Salvar lembretes'}
          </button>
          <p className={`reminders-status is-${status.kind}`} role="status">
            {status.text}
            {status.kind === 'saved' &&
            !deviceOn &&
            (choices.daily || choices.bedtime || choices.weekly || choices.medicines || choices.rating)
              ? ' Para recebê-los neste aparelho, toque em “Ativar lembretes”.'
              : ''}
          </p>
        </form>
      )}
    </section>
  );
}
