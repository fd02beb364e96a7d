/** Leaving: ends the session on the server and on this device (loaded when she taps "Sair", see logout.ts). */

import { announce } from '../stores/session.ts';
import { call, client } from './api.ts';
import { forgetThisDevice, unsentWrites } from './device.ts';
import { el } from './dom.ts';
import { pushSubscriptionOnDevice } from './push-subscription.ts';
import { toast } from './toast.ts';

/**
 * Writes still waiting to be sent would be lost with the device's data: a modal (the native
 * <dialog>, so focus stays in it) says so and offers to wait. Resolves true to leave anyway.
 */
export function confirmLeavingUnsent(count: number): Promise<boolean> {
  const one = count === 1;
  const wait = el('button', { type: 'button', className: 'btn btn-primary', textContent: 'Esperar e enviar' });
  const leave = el('button', {
    type: 'button',
    className: 'btn btn-secondary',
    textContent: 'Sair e perder as alterações',
  });
  const dialog = el(
    'dialog',
    { className: 'dialog' },
    el(
      'div',
      { className: 'dialog-panel' },
      el('h2', {
        id: 'sair-pendente-titulo',
        className: 'dialog-title',
        textContent: 'Há registros ainda não enviados',
      }),
      el('p', {
        id: 'sair-pendente-texto',
        textContent: `${one ? '1 alteração feita' : `${count} alterações feitas`} sem conexão ainda não ${
          one ? 'chegou' : 'chegaram'
        } ao servidor. Se você sair agora, ${one ? 'ela será apagada' : 'elas serão apagadas'} deste aparelho e ${
          one ? 'perdida' : 'perdidas'
        }. Espere a conexão voltar para enviá-${one ? 'la' : 'las'}.`,
      }),
      el('div', { className: 'dialog-actions' }, wait, leave),
    ),
  );
  dialog.setAttribute('aria-labelledby', 'sair-pendente-titulo');
  dialog.setAttribute('aria-describedby', 'sair-pendente-texto');
  document.body.append(dialog);
  return new Promise((resolve) => {
    const done = (leaving: boolean) => {
      dialog.close();
      dialog.remove();
      resolve(leaving);
    };
    wait.addEventListener('click', () => done(false));
    leave.addEventListener('click', () => done(true));
    dialog.addEventListener('cancel', (event) => {
      event.preventDefault();
      done(false);
    });
    dialog.showModal();
    wait.focus();
  });
}

/**
 * Her reminders stop coming to this device: the API forgets its endpoint while the session still
 * lets it (forgetThisDevice then drops the browser's side). Never holds up leaving.
 */
async function forgetReminderSubscription(): Promise<void> {
  try {
    const subscription = await pushSubscriptionOnDevice();
    if (!subscription) return;
    const { forgetSubscriptionOnServer } = await import('./push.ts');
    await forgetSubscriptionOnServer(subscription);
  } catch (err) {
    console.warn('Não foi possível avisar o servidor para parar os lembretes neste aparelho', err);
  }
}

export async function logout(): Promise<void> {
  const waiting = await unsentWrites();
  if (waiting > 0 && !(await confirmLeavingUnsent(waiting))) return;
  await forgetReminderSubscription();
  try {
    await call(client.auth.logout.$post({ json: {} }));
  } catch (err) {
    if ((err as { status?: number }).status !== 401) {
      toast('Erro', 'Não foi possível sair agora. Verifique sua conexão e tente novamente.');
      return;
    }
  }
  await forgetThisDevice();
  await announce('SIGNED_OUT');
  // The sign-in page, saying she left (not the bare form, as if nothing had happened).
  window.location.replace('/auth/?saiu=1');
}
