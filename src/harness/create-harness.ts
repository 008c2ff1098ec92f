import type { ServerInjectOptions, ServerInjectResponse } from '@hapi/hapi';
import type Hapi from '@hapi/hapi';
import type { Clock } from '../clock/clock.js';
import type { HarnessConfig } from '../contract/generated/wire-types.js';
import { createServer } from '../server/create-server.js';
import { createServiceCore, type ClockChoice, type ServiceCore } from './service-core.js';

export interface HarnessOptions {
  /** 'system' (default), 'fake' (virtual time from 2024-01-01, moved by you), or your own Clock. */
  readonly clock?: ClockChoice;
  readonly config?: HarnessConfig;
  readonly strict?: boolean;
  readonly seed?: number;
  readonly host?: string;
  /** Default 0: a free port. */
  readonly port?: number;
  /** false: no socket at all; use inject(). Default true. */
  readonly listen?: boolean;
}

export interface Harness {
  /** Base URL of the collection and admin APIs, e.g. http://127.0.0.1:54321 (empty when not listening). */
  readonly url: string;
  readonly port: number;
  readonly clock: Clock;
  readonly core: ServiceCore;
  readonly journal: ServiceCore['journal'];
  readonly sources: ServiceCore['sources'];
  readonly faults: ServiceCore['faults'];
  readonly server: Hapi.Server;
  /** A request without a socket (Hapi's server.inject). */
  inject(options: string | ServerInjectOptions): Promise<ServerInjectResponse>;
  reset(): void;
  stop(): Promise<void>;
}

/**
 * The whole mock service in-process: `const harness = await createHarness({ clock: 'fake' })`, point a
 * client at `harness.url`, assert on `harness.journal`, then `await harness.stop()`.
 */
export async function createHarness(options: HarnessOptions = {}): Promise<Harness> {
  const core = createServiceCore({
    ...(options.clock !== undefined ? { clock: options.clock } : {}),
    ...(options.config !== undefined ? { config: options.config } : {}),
    ...(options.strict !== undefined ? { strict: options.strict } : {}),
    ...(options.seed !== undefined ? { seed: options.seed } : {}),
  });
  const server = await createServer({ core, host: options.host ?? '127.0.0.1', port: options.port ?? 0 });
  const listen = options.listen ?? true;
  if (listen) await server.start();
  else await server.initialize();
  const port = listen ? (server.info.port as number) : 0;
  const host = server.info.host.includes(':') ? `[${server.info.host}]` : server.info.host;
  return {
    url: listen ? `http://${host}:${port}` : '',
    port,
    clock: core.clock,
    core,
    journal: core.journal,
    sources: core.sources,
    faults: core.faults,
    server,
    inject: (request) => server.inject(request),
    reset: () => core.reset(),
    async stop() {
      await server.stop({ timeout: 0 });
    },
  };
}
