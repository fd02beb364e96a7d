/** Structured JSON-line logs. Never pass a password, token, full CPF or diary text. */
export type LogFields = Record<string, unknown>;

export interface Logger {
  info(msg: string, fields?: LogFields): void;
  warn(msg: string, fields?: LogFields): void;
  error(msg: string, fields?: LogFields): void;
}

function write(level: string, msg: string, fields?: LogFields) {
  const line = JSON.stringify({ t: new Date().toISOString(), level, msg, ...fields });
  (level === 'error' ? process.stderr : process.stdout).write(`${line}\n`);
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
