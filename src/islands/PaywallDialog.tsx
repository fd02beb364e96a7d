/** Spec §2: the benefits of subscribing, "Escolher Plano" → /continuar, and "Fechar". Shared by guides and diaries. */
import Dialog from './Dialog.tsx';
import LineIcon from './LineIcon.tsx';

export const PAYWALL_BENEFITS = [
  'Acesso completo ao diário alimentar',
  'Registro ilimitado de comportamentos',
  'Histórico completo',
  'Análise detalhada de padrões',
  'Recursos de observação e tratamento',
  'Suporte prioritário',
];

/** The benefit that is also a place: "Fale com a equipe", where a subscriber's messages come first (the answer time itself is configured on the API, so the static pages do not name it). */
export const SUPPORT_BENEFIT = 'Suporte prioritário';
export const SUPPORT_PATH = '/fale-com-a-equipe/';
export const SUPPORT_PROMISE = 'suas mensagens à equipe são respondidas primeiro';

interface Props {
  open: boolean;
  onClose: () => void;
  /** where to go after subscribing */
  next?: string;
}

export default function PaywallDialog({ open, onClose, next }: Props) {
  const href = next ? `/continuar/?proxima=${encodeURIComponent(next)}` : '/continuar/';
  return (
    <Dialog open={open} onClose={onClose} title="Desbloqueie o acesso completo">
      <p>Com a assinatura você continua os guias e registra tudo o que observa no dia a dia:</p>
      <ul className="benefits">
        {PAYWALL_BENEFITS.map((benefit) => (
          <li key={benefit}>
            <LineIcon size={20} strokeWidth="2.5" joined>
              <path d="M5 12.5l4.5 4.5L19 7.5" />
            </LineIcon>
            {benefit === SUPPORT_BENEFIT ? (
              <span>
                <a href={SUPPORT_PATH}>{benefit}</a>: {SUPPORT_PROMISE}
              </span>
            ) : (
              benefit
            )}
          </li>
        ))}
      </ul>
      <div className="dialog-actions">
        <a className="btn btn-primary" href={href}>
          Escolher Plano
        </a>
        <button type="button" className="btn btn-secondary" onClick={onClose}>
          Fechar
        </button>
      </div>
    </Dialog>
  );
}
