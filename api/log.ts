/** Structured JSON-line logs. Never pass a password, token, full CPF or diary text. */
export type LogFields = Record<string, unknown>;

export interface Logger {
  info(msg: string, fields?: LogFields): void;
  warn(msg: string, fields?: LogFields): void;
  error(msg: string, fields?: LogFields): void;
}

/**
 * Lines for stdout leave together, once per turn of the event loop: one write (a system call and a
 * stream's bookkeeping) per request's line was 4 % of `GET /api/me`'s CPU under load (issue 41).
 * What waits is written before an error line (so the two streams keep their order) and when the
 * process exits, however it exits.
 */
let waiting: string[] = [];
let scheduled = false;

function flushWaiting() {
  scheduled = false;
  if (!waiting.length) return;
  const text = waiting.join('');
  waiting = [];
  process.stdout.write(text);
}

process.once('exit', flushWaiting);

function write(level: string, msg: string, fields?: LogFields) {
  const line = `${JSON.stringify({ t: new Date().toISOString(), level, msg, ...fields })}\n`;
  if (level === 'error') {
    flushWaiting();
    process.stderr.write(line);
    return;
  }
  waiting.push(line);
  if (!scheduled) {
    scheduled = true;
    setImmediate(flushWaiting);
  }
}

export const jsonLogger: Logger = {
  info: (msg, fields) => write('info', msg, fields),
  warn: (msg, fields) => write('warn', msg, fields),
  error: (msg, fields) => write('error', msg, fields),
};

export const silentLogger: Logger = { info() {}, warn() {}, error() {} };

/** Error details safe to log: name, message, code — never the query parameters. */
export function describeError(err: unknown): LogFields {
  if (!(err instanceof Error)) return { error: String(err) };
  const code = (err as { code?: unknown }).code;
  const cause = err.cause instanceof Error ? { cause: err.cause.message } : {};
  return { error: err.name, message: err.message.split('\nparams:')[0], ...(code ? { code } : {}), ...cause };
}
