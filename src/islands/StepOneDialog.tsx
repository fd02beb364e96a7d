/**
 * Spec §2: after step 1 of the learning and hyperactivity guides. Cannot be dismissed by Escape
 * or an outside click and has no close icon; its one way on is the offer.
 */
import { formatBRL, PROMO_PRICE_CENTS } from '../shared/plans.ts';
import Dialog from './Dialog.tsx';

interface Props {
  open: boolean;
  next: string;
}

export default function StepOneDialog({ open, next }: Props) {
  return (
    <Dialog
      open={open}
      onClose={() => {}}
      dismissible={false}
      title="Parabéns! Você concluiu a Etapa 1"
      className="dialog-celebrate"
    >
      <p>
        Você deu o primeiro passo: observar com atenção é o que permite ajudar de verdade. Agora vem o Manual de
        Tratamento Domiciliar, com estratégias práticas para aplicar em casa.
      </p>
      <div className="promo">
        <p className="promo-label">Oferta única</p>
        <p className="promo-price">{formatBRL(PROMO_PRICE_CENTS)}</p>
        <p>Uso ilimitado, para quantos filhos você tiver.</p>
      </div>
      <div className="dialog-actions">
        <a className="btn btn-primary btn-block" href={`/continuar/?proxima=${encodeURIComponent(next)}`}>
          Próxima Etapa
        </a>
      </div>
    </Dialog>
  );
}
