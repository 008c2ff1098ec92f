// Copy as curl: a delivery's request as a shell command that resends the same bytes.

/** A POSIX shell word: single quotes keep every byte as is; a single quote itself is closed, escaped, reopened. */
export const shellQuote = (s) => `'${String(s).replaceAll("'", "'\\''")}'`;

/** A curl command that sends exactly what the dispatcher sent to `target`: same body bytes, same headers, so the same X-Signature. */
export function curlFor(target, body) {
  // The admin API never shows a static header's value (nor a URL password): the command reads it from an
  // environment variable named after the header, so it still reproduces the request once that is set.
  const headers = Object.entries(target.headers ?? {}).map(([k, v]) =>
    /^\[redacted sha256:[0-9a-f]{8}\]$/.test(v)
      ? `-H "${k}: $${k.toUpperCase().replace(/[^A-Z0-9]/g, '_')}"`
      : `-H ${shellQuote(`${k}: ${v}`)}`,
  );
  return [
    `curl -sS -X ${target.method ?? 'POST'}`,
    shellQuote(target.url),
    ...headers,
    `--data-binary ${shellQuote(body)}`,
  ].join(' \\\n  ');
}
