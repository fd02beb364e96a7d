/** A visible way out (the spec has none): ends the session on the server and on this device. */

import { announce } from '../stores/session.ts';
import { call, client } from './api.ts';
import { forgetThisDevice } from './device.ts';
import { toast } from './toast.ts';

export async function logout(): Promise<void> {
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
  window.location.replace('/auth/');
}

for (const button of document.querySelectorAll<HTMLButtonElement>('[data-logout]')) {
  button.addEventListener('click', () => {
    button.disabled = true;
    void logout().finally(() => (button.disabled = false));
  });
}
