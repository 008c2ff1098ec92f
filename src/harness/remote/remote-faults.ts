import type { Fault, FaultRule } from '../../core/faults/fault-plan.js';
import type { AdminHttpClient } from './admin-http-client.js';

/** A pending fault as GET /faults lists it. */
export interface PendingFault {
  readonly fault: Fault;
  readonly remaining: number | 'unbounded';
}

/** A run's fault plan on a shared server (POST/GET/DELETE /faults): the next collection requests of that run only. */
export class RemoteFaults {
  readonly #admin: AdminHttpClient;

  constructor(admin: AdminHttpClient) {
    this.#admin = admin;
  }

  /** Adds a fault for the next matching requests; the server checks the rule and names what it refuses. */
  async add(rule: FaultRule): Promise<void> {
    await this.#admin.post('/faults', rule);
  }

  async pending(): Promise<readonly PendingFault[]> {
    return (await this.#admin.get<{ faults: readonly PendingFault[] }>('/faults')).faults;
  }

  async clear(): Promise<void> {
    await this.#admin.delete('/faults');
  }
}
