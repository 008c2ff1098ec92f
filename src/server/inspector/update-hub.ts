import { PassThrough } from 'node:stream';
import type { Request } from '@hapi/hapi';
import type { ServiceCore } from '../../core/service-core.js';

interface Pending {
  eventsAdded: number;
  deliveries: Set<string>;
  deliveriesOverflow: boolean;
  sources: boolean;
  requests: number;
  admin: boolean;
}

const MAX_CHANGED_IDS = 200;

export interface Client {
  readonly stream: PassThrough & { setCompressor?: (compressor: { flush(): void }) => void };
  compressor: { flush(): void } | undefined;
}

/**
 * The live update stream behind GET /__harness/stream: it listens to the journal, the dispatcher, the
 * sources and the request log only while a page is connected, and sends at most one `update` per `batchMs`, so a burst of 10,000
 * events is a handful of messages saying what changed, and the page fetches the rows it shows.
 */
export class UpdateHub {
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
    return {
      eventsAdded: 0,
      deliveries: new Set(),
      deliveriesOverflow: false,
      sources: false,
      requests: 0,
      admin: false,
    };
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
      core.journal.subscribe(
        () => {
          this.#pending.eventsAdded++;
          this.#schedule();
        },
        { keepsEntries: false },
      ),
      core.dispatcher.subscribe((delivery) => {
        if (this.#pending.deliveries.size < MAX_CHANGED_IDS) this.#pending.deliveries.add(delivery.id);
        else if (!this.#pending.deliveries.has(delivery.id)) this.#pending.deliveriesOverflow = true;
        this.#schedule();
      }),
      core.sources.subscribe(() => {
        this.#pending.sources = true;
        this.#schedule();
      }),
      core.requests.subscribe(() => {
        this.#pending.requests++;
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
      deliveries: {
        changed: [...pending.deliveries],
        overflow: pending.deliveriesOverflow,
        counts: core.dispatcher.counts(),
        nextRetryAt: nextRetry === undefined ? null : new Date(nextRetry).toISOString(),
      },
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
