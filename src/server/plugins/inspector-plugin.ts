import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { fileURLToPath } from 'node:url';
import type { Plugin, Request, ResponseToolkit, Server } from '@hapi/hapi';
import type { ServiceCore } from '../../core/service-core.js';
import { InspectorAssetsMissingError } from '../../errors/inspector-assets-missing-error.js';
import { InvalidRequestError } from '../../errors/invalid-request-error.js';
import { SAMPLE_RECEIVER_PATH } from './sample-receiver-plugin.js';

export interface InspectorPluginOptions {
  readonly core: ServiceCore;
  /** Folder holding index.html, app.js and style.css. Default: the package's own inspector-ui/. */
  readonly root?: string;
  /** Shortest real-time gap between two stream messages: changes inside it go out as one. Default 50 ms. */
  readonly batchMs?: number;
  /** Collection requests remembered for GET /__harness/requests (oldest dropped). Default 1,000. */
  readonly requestLogCapacity?: number;
  /** Real-time interval of the stream's keep-alive comment. Default 15 s. */
  readonly heartbeatMs?: number;
}

/** The files of the page, with their types: anything else under /inspector/ is a 404, never a file read. */
const ASSETS: Readonly<Record<string, string>> = {
  'index.html': 'text/html; charset=utf-8',
  'app.js': 'text/javascript; charset=utf-8',
  'style.css': 'text/css; charset=utf-8',
  'favicon.svg': 'image/svg+xml',
};
/** ...and the page's other ES modules, which app.js imports: any kebab-case .js file of the folder, as app.js. */
const PAGE_MODULE = /^[a-z][a-z0-9-]*\.js$/;
const assetType = (name: string) => ASSETS[name] ?? (PAGE_MODULE.test(name) ? ASSETS['app.js'] : undefined);

// Everything the page loads comes from this origin: no CDN, so it works offline and leaks nothing.
const CONTENT_SECURITY_POLICY = "default-src 'self'; img-src 'self' data:; style-src 'self'; script-src 'self'; connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

/** Finds the package's inspector-ui/ from this module, whether it runs from src/ (tsx) or dist/src/ (built). */
export function findInspectorRoot(from: string = path.dirname(fileURLToPath(import.meta.url))): string | undefined {
  let dir = from;
  for (let i = 0; i < 8; i++) {
    const candidate = path.join(dir, 'inspector-ui');
    if (existsSync(path.join(candidate, 'index.html'))) return candidate;
    const parent = path.dirname(dir);
    if (parent === dir) break;
    dir = parent;
  }
  return undefined;
}

/** One collection request as the inspector shows it: a client's retries through injected faults show up here. */
export interface CollectionRequestRecord {
  readonly seq: number;
  /** Harness clock (virtual on a fake clock). */
  readonly at: string;
  /** Real time the request arrived: a client's retry spacing shows here even while the fake clock stands still. */
  readonly realAt: string;
  readonly method: string;
  readonly path: string;
  readonly writeKey?: string;
  /** Absent when the connection was dropped without an answer. */
  readonly status?: number;
  /** The error code the service answered with (INJECTED_FAULT for a fault from POST /__harness/faults). */
  readonly code?: string;
  readonly injected: boolean;
  /** Real milliseconds the server took to answer. */
  readonly durationMs: number;
}

function writeKeyOf(request: Request): string | undefined {
  const auth = request.headers.authorization;
  if (typeof auth !== 'string' || !/^basic /i.test(auth)) return undefined;
  const decoded = Buffer.from(auth.slice(6).trim(), 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  const key = colon === -1 ? decoded : decoded.slice(0, colon);
  return key === '' ? undefined : key;
}

interface Pending {
  eventsAdded: number;
  deliveries: Set<string>;
  deliveriesOverflow: boolean;
  sources: boolean;
  requests: number;
  admin: boolean;
}

const MAX_CHANGED_IDS = 200;

interface Client {
  readonly stream: PassThrough & { setCompressor?: (compressor: { flush(): void }) => void };
  compressor: { flush(): void } | undefined;
}

/**
 * The live update stream behind GET /__harness/stream: it listens to the journal, the dispatcher and the
 * sources only while a page is connected, and sends at most one `update` per `batchMs`, so a burst of 10,000
 * events is a handful of messages saying what changed, and the page fetches the rows it shows.
 */
class UpdateHub {
  readonly #core: ServiceCore;
  readonly #batchMs: number;
  readonly #heartbeatMs: number;
  readonly #clients = new Set<Client>();
  #unsubscribe: (() => void)[] = [];
  #pending: Pending = UpdateHub.#empty();
  #timer: NodeJS.Timeout | undefined;
  #heartbeat: NodeJS.Timeout | undefined;
  #lastFlush = 0;
  #seq = 0;

  constructor(core: ServiceCore, batchMs: number, heartbeatMs: number) {
    this.#core = core;
    this.#batchMs = batchMs;
    this.#heartbeatMs = heartbeatMs;
  }

  static #empty(): Pending {
    return { eventsAdded: 0, deliveries: new Set(), deliveriesOverflow: false, sources: false, requests: 0, admin: false };
  }

  get clients(): number {
    return this.#clients.size;
  }

  connect(request: Request): Client {
    const stream = new PassThrough() as Client['stream'];
    const client: Client = { stream, compressor: undefined };
    // Hapi gzips a stream when the client accepts it; flushing after each message keeps it live through zlib.
    stream.setCompressor = (compressor) => {
      client.compressor = compressor;
      // The snapshot was written before Hapi piped the stream into the compressor: push it out once it is in.
      setImmediate(() => compressor.flush());
    };
    if (this.#clients.size === 0) this.#listen();
    this.#clients.add(client);
    const drop = () => this.#disconnect(client);
    request.raw.req.once('close', drop);
    stream.once('close', drop);
    // The first message is a full snapshot, so a page that (re)connects needs nothing else to be current.
    this.#write(client, `retry: 1000\n${this.#message({ ...UpdateHub.#empty(), admin: true }, true)}`);
    return client;
  }

  #disconnect(client: Client): void {
    if (!this.#clients.delete(client)) return;
    client.stream.end();
    if (this.#clients.size === 0) this.#quiet();
  }

  #listen(): void {
    const core = this.#core;
    this.#unsubscribe = [
      core.journal.subscribe(() => {
        this.#pending.eventsAdded++;
        this.#schedule();
      }),
      core.dispatcher.subscribe((delivery) => {
        if (this.#pending.deliveries.size < MAX_CHANGED_IDS) this.#pending.deliveries.add(delivery.id);
        else if (!this.#pending.deliveries.has(delivery.id)) this.#pending.deliveriesOverflow = true;
        this.#schedule();
      }),
      core.sources.subscribe(() => {
        this.#pending.sources = true;
        this.#schedule();
      }),
    ];
    this.#heartbeat = setInterval(() => {
      for (const client of this.#clients) this.#write(client, ': keep-alive\n\n');
    }, this.#heartbeatMs);
    this.#heartbeat.unref();
  }

  #quiet(): void {
    for (const stop of this.#unsubscribe) stop();
    this.#unsubscribe = [];
    if (this.#timer !== undefined) clearTimeout(this.#timer);
    if (this.#heartbeat !== undefined) clearInterval(this.#heartbeat);
    this.#timer = undefined;
    this.#heartbeat = undefined;
    this.#pending = UpdateHub.#empty();
  }

  /** A collection request was answered. */
  request(): void {
    if (this.#clients.size === 0) return;
    this.#pending.requests++;
    this.#schedule();
  }

  /** An admin call changed something the journal and dispatcher do not announce (clock, faults, reset, audiences). */
  admin(): void {
    if (this.#clients.size === 0) return;
    this.#pending.admin = true;
    this.#schedule();
  }

  #schedule(): void {
    if (this.#timer !== undefined) return;
    // Leading edge as soon as the current tick's work is done (a 2,500-event batch is one tick), then at most
    // one message per batchMs while changes keep coming.
    const wait = Math.max(0, this.#lastFlush + this.#batchMs - Date.now());
    this.#timer = setTimeout(() => this.#flush(), wait);
  }

  #flush(): void {
    this.#timer = undefined;
    this.#lastFlush = Date.now();
    const pending = this.#pending;
    this.#pending = UpdateHub.#empty();
    const message = this.#message(pending, false);
    for (const client of this.#clients) this.#write(client, message);
  }

  #message(pending: Pending, snapshot: boolean): string {
    const core = this.#core;
    const nextRetry = core.dispatcher.nextRetryAt();
    const counts = core.journal.counts();
    const body = {
      seq: ++this.#seq,
      snapshot,
      clock: { mode: core.clock.mode, now: new Date(core.clock.now()).toISOString(), epochMs: core.clock.now() },
      events: { added: pending.eventsAdded, counts },
      deliveries: { changed: [...pending.deliveries], overflow: pending.deliveriesOverflow, counts: core.dispatcher.counts(), nextRetryAt: nextRetry === undefined ? null : new Date(nextRetry).toISOString() },
      sources: pending.sources || snapshot,
      requests: pending.requests,
      admin: pending.admin,
      faults: core.faults.pending().length,
    };
    return `id: ${body.seq}\nevent: update\ndata: ${JSON.stringify(body)}\n\n`;
  }

  #write(client: Client, text: string): void {
    if (client.stream.writableEnded) return;
    client.stream.write(text);
    client.compressor?.flush();
  }

  close(): void {
    for (const client of [...this.#clients]) this.#disconnect(client);
    this.#quiet();
  }
}

/**
 * The inspector: the page at `/` (plain files shipped in the package's inspector-ui/), the live update
 * stream at GET /__harness/stream, and the log of collection requests at GET /__harness/requests. The page
 * reads and steers everything else through the admin API. `event-harness serve` mounts it; createHarness()
 * does not, so a harness per test pays nothing for it.
 */
export const inspectorPlugin: Plugin<InspectorPluginOptions> = {
  name: 'event-harness-inspector',
  register(server: Server, options) {
    const { core } = options;
    // The page reads many events (a page of rows per update, free-text search over all of them): keep each
    // one's own text so a read does not re-parse the whole request it came in.
    core.journal.keepOwnText();
    const hub = new UpdateHub(core, options.batchMs ?? 50, options.heartbeatMs ?? 15_000);
    const capacity = options.requestLogCapacity ?? 1_000;
    const requests: CollectionRequestRecord[] = [];
    let requestSeq = 0;
    let root = options.root;
    const assets = new Map<string, Buffer>();

    const asset = async (name: string): Promise<Buffer | undefined> => {
      const type = assetType(name);
      if (type === undefined) return undefined;
      root ??= findInspectorRoot();
      if (root === undefined) throw new InspectorAssetsMissingError(path.dirname(fileURLToPath(import.meta.url)));
      let bytes = assets.get(name);
      if (bytes === undefined) {
        try {
          bytes = await readFile(path.join(root, name));
        } catch (error) {
          if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
          throw error;
        }
        assets.set(name, bytes);
      }
      return bytes;
    };
    const serveAsset = async (name: string, h: ResponseToolkit) => {
      const bytes = await asset(name);
      if (bytes === undefined) return h.response({ success: false, code: 'NOT_FOUND', message: `no inspector file ${JSON.stringify(name)}; the page is at /` }).code(404);
      return h
        .response(bytes)
        .type(assetType(name) as string)
        .header('cache-control', 'no-cache')
        .header('content-security-policy', CONTENT_SECURITY_POLICY)
        .header('x-content-type-options', 'nosniff');
    };

    server.events.on('response', (request) => {
      if (request.path.startsWith('/v1/')) {
        const response = request.response as { statusCode?: number; source?: unknown } | null;
        const source = response?.source;
        const code = source !== null && typeof source === 'object' && typeof (source as { code?: unknown }).code === 'string' ? (source as { code: string }).code : undefined;
        const status = request.raw.res.headersSent ? request.raw.res.statusCode : undefined;
        const writeKey = writeKeyOf(request);
        requests.push({
          seq: ++requestSeq,
          at: new Date(core.clock.now()).toISOString(),
          realAt: new Date(request.info.received).toISOString(),
          method: request.method.toUpperCase(),
          path: request.path,
          ...(writeKey !== undefined ? { writeKey } : {}),
          ...(status !== undefined ? { status } : {}),
          ...(code !== undefined ? { code } : {}),
          injected: code === 'INJECTED_FAULT' || status === undefined,
          durationMs: Math.max(0, (request.info.responded || Date.now()) - request.info.received),
        });
        if (requests.length > capacity) requests.splice(0, requests.length - capacity);
        hub.request();
      } else if (request.path.startsWith('/__harness/') && request.method !== 'get' && request.path !== SAMPLE_RECEIVER_PATH) {
        hub.admin();
      }
    });
    server.events.on('stop', () => hub.close());

    server.route([
      { method: 'GET', path: '/', options: { description: 'The inspector page' }, handler: (_request, h) => serveAsset('index.html', h) },
      { method: 'GET', path: '/inspector/{file}', options: { description: 'The inspector page files' }, handler: (request, h) => serveAsset(request.params.file as string, h) },
      {
        method: 'GET',
        path: '/__harness/stream',
        options: { description: 'Server-sent events: one batched `update` per change burst (what changed, counts, clock)' },
        handler(request, h) {
          const client = hub.connect(request);
          return h
            .response(client.stream)
            .type('text/event-stream')
            .header('cache-control', 'no-cache, no-transform')
            .header('x-accel-buffering', 'no');
        },
      },
      {
        method: 'GET',
        path: '/__harness/requests',
        options: { description: 'Collection requests as answered, newest first: status, injected fault, write key' },
        handler(request) {
          const raw = request.query.limit as unknown;
          const limit = raw === undefined || raw === '' ? 100 : Number(raw);
          if (typeof raw !== 'undefined' && raw !== '' && (typeof raw !== 'string' || !Number.isInteger(limit) || limit < 0)) {
            throw new InvalidRequestError(`query limit must be a whole number >= 0; received ${JSON.stringify(raw)}`);
          }
          return { total: requestSeq, requests: requests.slice(Math.max(0, requests.length - limit)).reverse() };
        },
      },
    ]);
  },
};
