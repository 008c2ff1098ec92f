import type { DriverInitConfig } from '../contract/index.js';
import type { MessageType } from '../actors/client/message-input.js';

/**
 * The `config` of an init line (DriverInitConfig of schemas/driver-protocol.schema.json): flushAt and flushAfterMs,
 * plus optional retries, timeout, maxQueueSize. Each may be absent here: the first client starts before any init.
 */
export type DriverConfig = Readonly<
  Partial<Pick<DriverInitConfig, 'flushAt' | 'flushAfterMs' | 'retries' | 'timeout' | 'maxQueueSize'>>
>;

/** What a flush or close settled, when the client can tell (extra fields of the answer line). */
export interface DriverSettled {
  readonly delivered?: number;
  readonly failed?: readonly string[];
}

/** One client behind the driver protocol. `call` throws when the client refuses the message. */
export interface DriverClient {
  call(op: MessageType, message: unknown): void;
  flush(): Promise<DriverSettled>;
  close(): Promise<DriverSettled>;
}

/** A client the driver can run: its name, what it supports, and how to start one for a config. */
export interface DriverTarget {
  readonly name: string;
  /** Feature names the client supports, e.g. flushAt, flushAfter, maxEventSize, retry, retryAfter, integrations, screen. */
  readonly capabilities: readonly string[];
  create(config: DriverConfig, env: DriverEnvironment): Promise<DriverClient>;
}

/** Where the client sends: EVENT_HARNESS_ENDPOINT and EVENT_HARNESS_WRITE_KEY. */
export interface DriverEnvironment {
  readonly endpoint: string;
  readonly writeKey: string;
}
