import { AdminApiError, ServerUnreachableError } from '../../errors/client-errors.js';

/** Real milliseconds one admin request may take before it counts as unanswered (run-until-idle may take a while). */
export const DEFAULT_ADMIN_REQUEST_TIMEOUT_MS = 30_000;

export type QueryValue = string | number | boolean | undefined;

/**
 * JSON over HTTP to an event-harness admin API (the default run's `/__harness` or a run's
 * `/__harness/runs/{id}`): every request is bounded in real time, and every refusal surfaces as a HarnessError,
 * AdminApiError with the server's `code` or ServerUnreachableError, whose message names the request.
 */
export class AdminHttpClient {
  readonly base: string;
  readonly #timeoutMs: number;

  /** `base`: the admin API's URL, e.g. http://127.0.0.1:4010/__harness/runs/run_abc. */
  constructor(base: string, timeoutMs = DEFAULT_ADMIN_REQUEST_TIMEOUT_MS) {
    this.base = base.replace(/\/+$/, '');
    this.#timeoutMs = timeoutMs;
  }

  get<T>(path: string, query: Readonly<Record<string, QueryValue>> = {}): Promise<T> {
    const params = new URLSearchParams();
    for (const [key, value] of Object.entries(query)) if (value !== undefined) params.set(key, String(value));
    const search = params.size > 0 ? `?${params.toString()}` : '';
    return this.request<T>('GET', `${path}${search}`);
  }

  post<T>(path: string, body: unknown = {}, timeoutMs?: number): Promise<T> {
    return this.request<T>('POST', path, body, timeoutMs);
  }

  put<T>(path: string, body: unknown): Promise<T> {
    return this.request<T>('PUT', path, body);
  }

  delete<T>(path: string): Promise<T> {
    return this.request<T>('DELETE', path);
  }

  async request<T>(method: string, path: string, body?: unknown, timeoutMs = this.#timeoutMs): Promise<T> {
    const url = `${this.base}${path}`;
    const what = `${method} ${url}`;
    let response: Response;
    try {
      response = await fetch(url, {
        method,
        headers: body === undefined ? {} : { 'content-type': 'application/json' },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      const cause = error as Error & { cause?: { code?: string; message?: string } };
      const reason =
        cause.name === 'TimeoutError'
          ? `no answer within ${timeoutMs} ms`
          : (cause.cause?.code ?? cause.cause?.message ?? cause.message);
      throw new ServerUnreachableError(
        `${what} failed (${reason}); is \`event-harness serve\` running there, reachable from here?`,
        { cause: error },
      );
    }
    const text = await response.text();
    let parsed: unknown;
    try {
      parsed = text === '' ? undefined : JSON.parse(text);
    } catch {
      throw new ServerUnreachableError(
        `${what} answered ${response.status} with a body that is not JSON (${JSON.stringify(text.slice(0, 120))}); the URL must be an event-harness server`,
      );
    }
    if (!response.ok) {
      const error = (parsed ?? {}) as { code?: unknown; message?: unknown };
      throw new AdminApiError(
        what,
        response.status,
        typeof error.code === 'string' ? error.code : undefined,
        typeof error.message === 'string' ? error.message : text.slice(0, 300) || undefined,
      );
    }
    return parsed as T;
  }
}
