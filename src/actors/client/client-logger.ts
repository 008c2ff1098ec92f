/** Where the client's log lines go. */
export interface ClientLogger {
  debug(message: string, fields?: Record<string, unknown>): void;
  error(message: string, fields?: Record<string, unknown>): void;
}

/** Logs nothing: the default unless DEBUG names `analytics`. */
export const silentLogger: ClientLogger = { debug() {}, error() {} };

/** True when DEBUG (comma or space separated, as the `debug` package reads it) names analytics or `*`. */
export function debugEnabled(debug: string | undefined): boolean {
  if (debug === undefined) return false;
  return debug.split(/[\s,]+/).some((name) => name === 'analytics' || name === '*' || name === 'analytics:*');
}

/** One line per event on `write` (stderr by default): `analytics <level> <message> <fields as JSON>`. */
export function createLineLogger(write: (line: string) => void = (line) => process.stderr.write(line)): ClientLogger {
  const log = (level: string) => (message: string, fields?: Record<string, unknown>) =>
    write(`analytics ${level} ${message}${fields === undefined ? '' : ` ${JSON.stringify(fields)}`}\n`);
  return { debug: log('debug'), error: log('error') };
}
