/** What the /auth form sends, and what follows each answer (spec §5, §8). */
import { ApiError, call, client } from '../../lib/api.ts';
import { clearUserCache } from '../../lib/device.ts';
import { nextPage } from '../../lib/next-page.ts';
import { logSecurityEvent } from '../../lib/security-log.ts';
import { PENDING_INVITATION_KEY, readJson, removeKey } from '../../lib/storage.ts';
import { flash, toast } from '../../lib/toast.ts';
import { SITE_NAME } from '../../shared/site.ts';
import { TOKEN_PATTERN } from '../../shared/tokens.ts';
import { announce, session } from '../../stores/session.ts';

export type Mode = 'login' | 'signup';

export async function logIn(email: string, password: string): Promise<void> {
  await call(client.auth.login.$post({ json: { email, password } }));
  removeKey('auth_rate_limit');
  await clearUserCache();
  logSecurityEvent('auth_login_success');
  await announce('SIGNED_IN');
  const { profileComplete } = session.get();
  flash('Login realizado com sucesso!', welcome(profileComplete));
  window.location.assign(afterSignIn(profileComplete));
}

/**
 * Her first login (just confirmed, no profile yet) is a welcome, not a "de volta"; and she is
 * spoken to in the feminine (decision 0023 departs from the spec's "Bem-vindo de volta").
 */
export function welcome(profileComplete: boolean): string {
  return profileComplete ? `Bem-vinda de volta ao ${SITE_NAME}.` : `Bem-vinda ao ${SITE_NAME}.`;
}

/**
 * Home, or the page that sent her to sign in (?proxima=, e.g. an invitation), or an invitation she
 * opened on this device before having an account; the profile comes first, except before an invitation.
 */
export function afterSignIn(profileComplete: boolean): string {
  const pending = readJson(PENDING_INVITATION_KEY);
  const next =
    nextPage() ?? (typeof pending === 'string' && TOKEN_PATTERN.test(pending) ? `/convite/?token=${pending}` : null);
  // An invitation comes before the profile: once she has joined, her name is all it asks (issue 39).
  if (!profileComplete && next?.startsWith('/convite/')) return next;
  if (!profileComplete) return next ? `/profile-setup/?proxima=${encodeURIComponent(next)}` : '/profile-setup/';
  return next ?? '/';
}

export async function signUp(email: string, password: string): Promise<void> {
  await call(client.auth.signup.$post({ json: { email, password, consent: true } }));
  logSecurityEvent('auth_signup_success');
  toast('Conta criada com sucesso!', 'Verifique seu email para confirmar a conta.', 'success');
}

export async function resendLink(email: string): Promise<void> {
  try {
    await call(client.auth.resend.$post({ json: { email } }));
    toast(
      'Link reenviado',
      'Se houver uma conta esperando confirmação, um novo link chegará ao seu e-mail.',
      'success',
    );
  } catch (err) {
    toast('Erro', err instanceof ApiError ? err.message : 'Ocorreu um erro inesperado');
  }
}

/** Asks for a reset link; the answer is the same whether or not the address has an account. */
export async function requestResetLink(email: string): Promise<void> {
  await call(client.auth.forgot.$post({ json: { email } }));
  logSecurityEvent('auth_reset_requested');
}
