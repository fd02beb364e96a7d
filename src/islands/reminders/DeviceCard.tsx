/**
 * "Neste aparelho": whether this phone receives her reminders. The permission prompt comes only
 * after she reads why and taps "Ativar lembretes"; an iPhone outside the installed app, a blocked
 * permission and a browser without Web Push each say what she can do.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError } from '../../lib/api.ts';
import {
  deviceSubscription,
  disablePush,
  enablePush,
  notificationPermission,
  pushSupport,
  sendTestNotification,
  subscribeThisDevice,
} from '../../lib/push.ts';

type DeviceState = 'checking' | 'ios-install' | 'unsupported' | 'off' | 'denied' | 'on';

async function currentState(): Promise<DeviceState> {
  const support = pushSupport();
  if (support !== 'ready') return support;
  const permission = notificationPermission();
  if (permission === 'denied') return 'denied';
  const subscription = permission === 'granted' ? await deviceSubscription() : null;
  // Kept in step with the API on every visit (its key may have changed, a send may have failed).
  if (subscription) void subscribeThisDevice().catch(() => {});
  return subscription ? 'on' : 'off';
}

const FAILED = 'Não foi possível ativar os lembretes agora. Verifique sua conexão e tente novamente.';

function failureMessage(err: unknown): string {
  // A refused push service is a 422 on `endpoint`: her page has no field, so its message is the one to show.
  if (err instanceof ApiError)
    return err.code === 'network' ? FAILED : (err.code === 'validation_failed' && err.fields.endpoint) || err.message;
  // The browser could not reach its push service (no connection, or the service refused).
  return FAILED;
}

interface Props {
  /** tells the settings below whether this device receives them */
  onChange: (on: boolean) => void;
}

export default function DeviceCard({ onChange }: Props) {
  const [state, setState] = useState<DeviceState>('checking');
  const [busy, setBusy] = useState<'enabling' | 'disabling' | 'testing' | null>(null);
  const [message, setMessage] = useState('');
  // What the status line says only for screen readers: the card already shows it.
  const [heardOnly, setHeardOnly] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);

  const check = useCallback(async () => {
    const next = await currentState().catch((): DeviceState => 'off');
    setState(next);
    onChange(next === 'on');
  }, [onChange]);

  useEffect(() => {
    void check();
    // She may come back from the phone's settings with notifications allowed again.
    const onVisible = () => {
      if (document.visibilityState === 'visible') void check();
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => document.removeEventListener('visibilitychange', onVisible);
  }, [check]);

  /**
   * One of her taps: busy with `what`, the last words gone; a failure says `failed(err)`. After
   * turning on or off (`refocus`) the heading takes the focus back, so the new state is read.
   */
  async function run(
    what: NonNullable<typeof busy>,
    action: () => Promise<void>,
    failed: (err: unknown) => string,
    refocus = true,
  ) {
    setBusy(what);
    setMessage('');
    setHeardOnly(false);
    try {
      await action();
    } catch (err) {
      setMessage(failed(err));
    } finally {
      setBusy(null);
      if (refocus) heading.current?.focus();
    }
  }

  // The browser's prompt must come straight from her tap (Safari refuses it after an await).
  const enable = () =>
    run(
      'enabling',
      async () => {
        const outcome = await enablePush();
        if (outcome === 'enabled') {
          setState('on');
          onChange(true);
          setMessage('Pronto! Os lembretes estão ativos neste aparelho.');
          setHeardOnly(true);
        } else if (outcome === 'denied') {
          setMessage(
            state === 'denied'
              ? 'As notificações continuam bloqueadas. Siga os passos acima e toque de novo.'
              : 'Você não permitiu as notificações. Se mudar de ideia, siga os passos acima.',
          );
          setState('denied');
        } else setMessage('O pedido de permissão foi fechado sem resposta. Toque em “Ativar lembretes” quando quiser.');
      },
      failureMessage,
    );

  const test = () =>
    run(
      'testing',
      async () => {
        await sendTestNotification();
        setMessage('Enviamos um lembrete de teste. Ele deve aparecer em alguns segundos.');
      },
      (err) =>
        err instanceof ApiError && err.code !== 'network'
          ? err.message
          : 'Não foi possível enviar o teste agora. Verifique sua conexão e tente novamente.',
      false,
    );

  const disable = () =>
    run(
      'disabling',
      async () => {
        await disablePush();
        setState('off');
        onChange(false);
        setMessage('Lembretes desativados neste aparelho. Suas escolhas abaixo continuam guardadas.');
      },
      () => 'Não foi possível desativar agora. Tente novamente.',
    );

  return (
    <section className="card reminders-device" aria-labelledby="neste-aparelho" aria-busy={state === 'checking'}>
      <h2 id="neste-aparelho" ref={heading} tabIndex={-1}>
        Neste aparelho
      </h2>
      {state === 'checking' && <p className="field-hint">Verificando este aparelho…</p>}
      {state === 'on' && (
        <>
          <p className="notice notice-success">Os lembretes estão ativos neste aparelho.</p>
          <button type="button" className="btn btn-secondary btn-block" onClick={test} disabled={busy !== null}>
            {busy === 'testing' ? 'Enviando…' : 'Enviar um lembrete de teste'}
          </button>
          <button type="button" className="btn btn-secondary btn-block" onClick={disable} disabled={busy !== null}>
            {busy === 'disabling' ? 'Desativando…' : 'Desativar neste aparelho'}
          </button>
        </>
      )}
      {state === 'off' && (
        <p id="por-que-lembretes">
          Um aviso na hora certa ajuda a não esquecer o registro do dia e a seguir a rotina do sono sem olhar o relógio.
          Para isso, o Olhar de Mãe precisa da sua permissão para mostrar notificações neste aparelho: ao tocar no
          botão, o celular vai perguntar se você permite.
        </p>
      )}
      {state === 'denied' && (
        <div className="notice notice-warning">
          <p>
            <strong>As notificações estão bloqueadas para o Olhar de Mãe neste aparelho.</strong> Para liberar:
          </p>
          <ul>
            <li>
              No Chrome do Android: toque no ícone ao lado do endereço do site, depois em <strong>Permissões</strong> ›{' '}
              <strong>Notificações</strong> e escolha <strong>Permitir</strong>.
            </li>
            <li>
              No app instalado: toque e segure o ícone do Olhar de Mãe, depois em <strong>Informações do app</strong> ›{' '}
              <strong>Notificações</strong> e ative.
            </li>
            <li>
              No iPhone: abra <strong>Ajustes</strong> › <strong>Notificações</strong> › <strong>Olhar de Mãe</strong> e
              ative <strong>Permitir Notificações</strong>.
            </li>
          </ul>
          <p>Depois, volte aqui e toque em “Ativar lembretes”.</p>
        </div>
      )}
      {(state === 'off' || state === 'denied') && (
        <button
          type="button"
          className="btn btn-primary btn-block"
          onClick={enable}
          disabled={busy !== null}
          aria-describedby={state === 'off' ? 'por-que-lembretes' : undefined}
        >
          {busy === 'enabling' ? 'Ativando…' : 'Ativar lembretes'}
        </button>
      )}
      {state === 'ios-install' && (
        <div className="notice notice-warning">
          <p>
            <strong>No iPhone, os lembretes funcionam com o app instalado na tela de início.</strong> Para instalar:
          </p>
          <ol>
            <li>Abra o Olhar de Mãe no Safari.</li>
            <li>
              Toque em <strong>Compartilhar</strong> (o quadrado com uma seta para cima).
            </li>
            <li>
              Toque em <strong>Adicionar à Tela de Início</strong> e depois em <strong>Adicionar</strong>.
            </li>
            <li>Abra o app pelo ícone novo, entre na sua conta e volte a esta página para ativar.</li>
          </ol>
          <p>É preciso ter o iOS 16.4 ou mais recente.</p>
        </div>
      )}
      {state === 'unsupported' && (
        <p className="notice notice-warning">
          Este navegador não recebe lembretes. No celular, use o Chrome no Android ou, no iPhone, o app instalado na
          tela de início. Os avisos de renovação chegam também por e-mail.
        </p>
      )}
      <p className={heardOnly ? 'sr-only' : 'reminders-status'} role="status">
        {message}
      </p>
    </section>
  );
}
