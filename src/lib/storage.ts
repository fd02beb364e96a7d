/** localStorage: the last session this device saw (the route guard reads it, also offline). */
export const KNOWN_SESSION_KEY = 'sessao-conhecida';
/**
 * localStorage: the account last signed in on this device (its user id), kept when its session ends:
 * whose queued writes the page shows offline, and who made a write queued before the server answered
 * (issue 54). Leaves the device at logout.
 */
export const DEVICE_ACCOUNT_KEY = 'conta-do-aparelho';
/** An invitation opened on this device before she had an account (/convite/): reopened after her first sign-in. */
export const PENDING_INVITATION_KEY = 'convite-pendente';

/** localStorage that never throws: private mode, full quota or a blocked store only log a warning (spec §4). */

export function readJson(key: string): unknown {
  try {
    const raw = globalThis.localStorage?.getItem(key);
    return raw == null ? undefined : JSON.parse(raw);
  } catch (err) {
    console.warn(`Não foi possível ler "${key}" do armazenamento local`, err);
    return undefined;
  }
}

export function writeJson(key: string, value: unknown): void {
  try {
    globalThis.localStorage?.setItem(key, JSON.stringify(value));
  } catch (err) {
    console.warn(`Não foi possível salvar "${key}" no armazenamento local`, err);
  }
}

export function removeKey(key: string): void {
  try {
    globalThis.localStorage?.removeItem(key);
  } catch (err) {
    console.warn(`Não foi possível remover "${key}" do armazenamento local`, err);
  }
}

/** The children shared with her, by id → name, as last seen on this device (a removal is told on reload). */
export const SHARED_CHILDREN_KEY = 'criancas-compartilhadas';
/** Names of shared children she lost access to, until she reads the notice. */
export const LOST_CHILDREN_KEY = 'criancas-sem-acesso';
/** sessionStorage: a toast left for the next page (toast.ts `flash`, flashed.ts). */
export const FLASH_KEY = 'aviso-pendente';
