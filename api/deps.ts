/** Everything the app needs from outside, injected so tests build it in-process. */
import type { DatabaseHandle } from './db/client.ts';
import type { Mailer } from './email/transport.ts';
import type { Config } from './env.ts';
import type { JobQueue } from './jobs/queue.ts';
import type { Logger } from './log.ts';
import type { PaymentProvider } from './payments/provider.ts';

export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

export interface AppDeps {
  database: DatabaseHandle;
  config: Config;
  clock?: Clock;
  mailer?: Mailer;
  payments?: PaymentProvider;
  logger?: Logger;
  /** the durable queue; by default one on `database`, with this app's handlers (api/jobs) */
  jobs?: JobQueue;
}
