import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { rootCertificates } from 'node:tls';

export interface WebhookExchange {
  readonly status?: number;
  readonly headers?: Readonly<Record<string, string | string[] | undefined>>;
  readonly body?: string;
  /** The error code when no answer came (ECONNREFUSED, DEPTH_ZERO_SELF_SIGNED_CERT, ETIMEDOUT, ...). */
  readonly error?: string;
  readonly durationMs: number;
}

/**
 * One webhook POST as the service makes it (no redirects followed, headers and body within `timeoutMs`, TLS
 * verified against the system store plus `ca`), keeping the receiver's whole answer so `send` can print it.
 */
export function postWebhook(
  url: URL,
  headers: Readonly<Record<string, string>>,
  body: string,
  options: { timeoutMs: number; ca?: readonly string[] },
): Promise<WebhookExchange> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  return new Promise((resolve) => {
    const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
    const request = send(url, {
      method: 'POST',
      headers: { ...headers, 'Content-Length': String(Buffer.byteLength(body)) },
      ...(url.protocol === 'https:'
        ? { ca: [...rootCertificates, ...(options.ca ?? [])], rejectUnauthorized: true }
        : {}),
    });
    const timer = setTimeout(
      () => request.destroy(Object.assign(new Error('no answer in time'), { code: 'ETIMEDOUT' })),
      options.timeoutMs,
    );
    request.on('response', (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        clearTimeout(timer);
        resolve({
          status: response.statusCode ?? 0,
          headers: response.headers,
          body: Buffer.concat(chunks).toString('utf8'),
          durationMs: elapsed(),
        });
      });
      response.on('error', (error: NodeJS.ErrnoException) => {
        clearTimeout(timer);
        resolve({ error: error.code ?? error.message, durationMs: elapsed() });
      });
    });
    request.on('error', (error: NodeJS.ErrnoException) => {
      clearTimeout(timer);
      resolve({ error: error.code ?? error.message, durationMs: elapsed() });
    });
    request.end(body);
  });
}
