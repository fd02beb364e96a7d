/**
 * The single-instance guard's state machine (spec §4, §9), free of timers and the DOM so it can
 * be tested with an injected clock: one tab holds the active slot (id + heartbeat in storage);
 * the others go inactive and show the blocking modal.
 */
export const ACTIVE_ID_KEY = 'active_instance_id';
export const HEARTBEAT_KEY = 'active_instance_heartbeat';
export const HEARTBEAT_EVERY_MS = 2000;
export const STALE_AFTER_MS = 5000;
export const OWNERSHIP_CHECK_EVERY_MS = 3000;
export const PING_WAIT_MS = 2000;

export type GuardMessage =
  | { type: 'new-active'; id: string }
  | { type: 'focus-request'; from: string }
  | { type: 'focus-response'; from: string }
  | { type: 'ping'; from: string }
  | { type: 'pong'; from: string };

export interface GuardStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

export interface GuardDeps {
  storage: GuardStorage;
  post(message: GuardMessage): void;
  now(): number;
  id: string;
  onChange(active: boolean): void;
  /** bring this window forward (focus-request answered) */
  focusSelf(): void;
}

export class InstanceGuardCore {
  active = false;
  /** set when a pong arrived after the last ping */
  answered = false;
  private readonly deps: GuardDeps;

  constructor(deps: GuardDeps) {
    this.deps = deps;
  }

  private read() {
    return {
      id: this.deps.storage.getItem(ACTIVE_ID_KEY),
      heartbeat: Number(this.deps.storage.getItem(HEARTBEAT_KEY) ?? 0),
    };
  }

  private setActive(active: boolean) {
    if (this.active === active) return;
    this.active = active;
    this.deps.onChange(active);
  }

  /** On load: take the slot when it is free or its holder has gone quiet. */
  start(): void {
    const { id, heartbeat } = this.read();
    if (!id || id === this.deps.id || this.deps.now() - heartbeat > STALE_AFTER_MS) this.claim();
    else this.setActive(false);
    if (!this.active) this.deps.onChange(false);
  }

  claim(): void {
    this.deps.storage.setItem(ACTIVE_ID_KEY, this.deps.id);
    this.deps.storage.setItem(HEARTBEAT_KEY, String(this.deps.now()));
    this.deps.post({ type: 'new-active', id: this.deps.id });
    this.setActive(true);
  }

  /** Every 2 s and on focus, while active. */
  heartbeat(): void {
    if (this.active) this.deps.storage.setItem(HEARTBEAT_KEY, String(this.deps.now()));
  }

  /** Every 3 s: someone else holds the slot now? Then this tab steps back. */
  checkOwnership(): void {
    if (this.active && this.read().id !== this.deps.id) this.setActive(false);
  }

  receive(message: GuardMessage): void {
    switch (message.type) {
      case 'new-active':
        if (message.id !== this.deps.id) this.setActive(false);
        break;
      case 'ping':
        if (this.active) this.deps.post({ type: 'pong', from: this.deps.id });
        break;
      case 'pong':
        this.answered = true;
        break;
      case 'focus-request':
        if (this.active) {
          this.deps.focusSelf();
          this.deps.post({ type: 'focus-response', from: this.deps.id });
        }
        break;
      case 'focus-response':
        this.answered = true;
        break;
    }
  }

  /** "Ir para Instância Ativa": ask the active tab forward. True when one is recorded. */
  goToActive(): boolean {
    this.answered = false;
    this.deps.post({ type: 'ping', from: this.deps.id });
    this.deps.post({ type: 'focus-request', from: this.deps.id });
    return Boolean(this.read().id);
  }

  /** On unload: free the slot for the others. */
  release(): void {
    if (this.active && this.read().id === this.deps.id) {
      this.deps.storage.removeItem(ACTIVE_ID_KEY);
      this.deps.storage.removeItem(HEARTBEAT_KEY);
    }
  }
}
