import type { IncomingMessage, ServerResponse } from 'node:http';

// The harness runs on Hapi, but its public types name only what they need, structurally: Hapi's own
// declarations import packages (joi) a user does not have, so they would break `skipLibCheck: false`.

/** A request as Hapi's `response` event hands it over (a subset of Hapi's Request). */
export interface HarnessServedRequest {
  readonly path: string;
  readonly method: string;
  /** Lower-case names; values are strings (string[] for repeated headers). */
  readonly headers: Readonly<Record<string, unknown>>;
  /** The body as received: a Buffer on the collection routes. */
  readonly payload: unknown;
  /** Hapi's response object, or a Boom error, or null when the connection was dropped. */
  readonly response: unknown;
  readonly info: { readonly received: number; readonly responded: number };
  readonly raw: { readonly req: IncomingMessage; readonly res: ServerResponse };
}

// A method-shaped listener keeps parameters bivariant, so a listener typed with Hapi's richer Request fits too.
interface ResponseListener {
  bivarianceHack(request: HarnessServedRequest): void;
}

/** The underlying Hapi server, typed structurally; cast it to `Hapi.Server` when you use Hapi yourself. */
export interface HarnessHttpServer {
  readonly events: { on(event: 'response', listener: ResponseListener['bivarianceHack']): void };
  /** Registers a Hapi plugin, e.g. `{ plugin, options }`. */
  register(plugin: object, options?: object): Promise<unknown>;
  /** The routes, as Hapi's server.table() lists them. */
  table(): readonly object[];
}

/** A request for `harness.inject`, served without a socket. */
export interface HarnessInjectRequest {
  readonly method?: string;
  readonly url: string;
  readonly headers?: Readonly<Record<string, string>>;
  readonly payload?: string | Buffer | object;
}

export interface HarnessInjectResponse {
  readonly statusCode: number;
  readonly headers: Readonly<Record<string, string | string[] | number | undefined>>;
  /** The body as text. */
  readonly payload: string;
  readonly rawPayload: Buffer;
  /** The handler's value before serialisation (an object for JSON answers). */
  readonly result: unknown;
}
