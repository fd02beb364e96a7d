/**
 * Every failed call of the browser, with the contract's code and a pt-BR message (src/lib/api-core.ts
 * makes them). Apart from the HTTP code so the offline rules (offline-rule.ts, queue-rule.ts) import
 * from Node without Vite or a window, as a property test does.
 */
import type { ErrorCode } from '../shared/api-errors.ts';

export class ApiError extends Error {
  readonly status: number;
  /** 'network': no answer; 'unexpected_answer': an answer that is not the operation's (a Wi-Fi's login page) */
  readonly code: ErrorCode | 'network' | 'unexpected_answer';
  readonly fields: Record<string, string>;
  readonly retryAfterMinutes?: number;
  /** the error body's other fields (e.g. `current` of an `edit_conflict`, `lastGivenAt` of `too_soon`) */
  readonly extra: Record<string, unknown>;

  constructor(
    status: number,
    code: ApiError['code'],
    message: string,
    fields: Record<string, string> = {},
    retryAfterMinutes?: number,
    extra: Record<string, unknown> = {},
  ) {
    super(message);
    this.status = status;
    this.code = code;
    this.fields = fields;
    this.retryAfterMinutes = retryAfterMinutes;
    this.extra = extra;
  }
}
