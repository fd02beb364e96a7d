/**
 * The reward menu (issue 43): rewards agreed beforehand, each with its cost in stars — small for a
 * good day, bigger for a good week; spending stars on one (a 409 `not_enough_stars` said plainly).
 */
import { type FormEvent, useId, useState } from 'react';
import { ApiError } from '../../lib/api.ts';
import { addReward, type Reward, removeReward, spendStars } from '../../lib/daily-card.ts';
import { CARD_LIMITS, rewardSchema } from '../../shared/daily-card.ts';
import { count } from '../../shared/words.ts';
import Field, { ChoiceField } from '../Field.tsx';

const KIND_LABEL = { dia: 'Para um dia bom', semana: 'Para uma semana boa' } as const;
const stars = (n: number) => count(n, 'estrela', 'estrelas');

export default function Rewards({
  childId,
  rewards,
  balance,
  canWrite,
  onChange,
}: {
  childId: string;
  rewards: Reward[];
  balance: number;
  canWrite: boolean;
  onChange: () => void;
}) {
  const id = useId();
  const [text, setText] = useState('');
  const [cost, setCost] = useState('');
  const [kind, setKind] = useState<'dia' | 'semana'>('dia');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const [busy, setBusy] = useState(false);

  async function add(event: FormEvent) {
    event.preventDefault();
    const parsed = rewardSchema.safeParse({ text: text.trim(), cost: Number(cost) || 0, kind });
    if (!parsed.success) {
      const found: Record<string, string> = {};
      for (const issue of parsed.error.issues) found[issue.path.join('.')] ??= issue.message;
      return setErrors(found);
    }
    setErrors({});
    setBusy(true);
    try {
      await addReward(childId, parsed.data);
      setText('');
      setCost('');
      onChange();
    } catch (err) {
      setErrors(err instanceof ApiError && Object.keys(err.fields).length ? err.fields : { text: messageOf(err) });
    } finally {
      setBusy(false);
    }
  }

  async function spend(reward: Reward) {
    setMessage(null);
    try {
      const { balance: left } = await spendStars(childId, reward.id);
      setMessage({ ok: true, text: `Trocado: ${reward.text}. Ficaram ${stars(left)}.` });
      onChange();
    } catch (err) {
      setMessage({ ok: false, text: messageOf(err) });
    }
  }

  async function remove(reward: Reward) {
    try {
      await removeReward(childId, reward.id);
      onChange();
    } catch (err) {
      setMessage({ ok: false, text: messageOf(err) });
    }
  }

  return (
    <section className="card-section" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Recompensas</h2>
      <p>
        Estrelas para trocar: <span className="card-stars">{stars(balance)}</span>
      </p>
      <p className="muted">Cada “sim” vale uma estrela. Estrela ganha não se perde.</p>
      {rewards.length > 0 && (
        <ul className="entries reward-list">
          {rewards.map((reward) => (
            <li key={reward.id} className="entry">
              <span>
                <strong>{reward.text}</strong> · {stars(reward.cost)}
                {reward.kind && <span className="muted"> · {KIND_LABEL[reward.kind]}</span>}
              </span>
              {canWrite && (
                <span className="card-links">
                  <button type="button" className="btn btn-primary btn-small" onClick={() => void spend(reward)}>
                    Trocar<span className="sr-only"> por {reward.text}</span>
                  </button>
                  <button type="button" className="btn btn-ghost btn-small" onClick={() => void remove(reward)}>
                    Tirar<span className="sr-only"> {reward.text}</span>
                  </button>
                </span>
              )}
            </li>
          ))}
        </ul>
      )}
      {message && (
        <p className={message.ok ? 'card-done' : 'card-alert'} role={message.ok ? 'status' : 'alert'}>
          {message.text}
        </p>
      )}
      {canWrite && (
        <form className="card-target" onSubmit={add} noValidate aria-busy={busy}>
          <h3>Nova recompensa</h3>
          <Field
            id={`${id}-text`}
            label="Recompensa"
            maxLength={CARD_LIMITS.rewardText}
            hint="Ex.: escolher a história de dormir."
            value={text}
            error={errors.text}
            onChange={(e) => setText(e.target.value)}
          />
          <Field
            id={`${id}-cost`}
            label="Custa quantas estrelas"
            type="number"
            inputMode="numeric"
            min={CARD_LIMITS.cost.min}
            max={CARD_LIMITS.cost.max}
            value={cost}
            error={errors.cost}
            onChange={(e) => setCost(e.target.value)}
          />
          <ChoiceField
            label="Para quando"
            name={`${id}-kind`}
            values={['dia', 'semana'] as const}
            labels={KIND_LABEL}
            value={kind}
            onChange={setKind}
          />
          <button type="submit" className="btn btn-secondary" disabled={busy}>
            Adicionar recompensa
          </button>
        </form>
      )}
    </section>
  );
}

const messageOf = (err: unknown) =>
  err instanceof ApiError ? err.message : 'Não foi possível agora. Tente de novo em alguns instantes.';
