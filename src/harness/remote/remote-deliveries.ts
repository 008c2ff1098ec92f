import type { DeliveryView } from '../../domain/delivery/delivery-record.js';
import type { DeliveryPageQuery } from '../../domain/delivery/delivery-store.js';
import type { AdminHttpClient } from './admin-http-client.js';

/** A run's webhook deliveries on a shared server, each with its attempts (GET /deliveries, static header values redacted). */
export class RemoteDeliveries {
  readonly #admin: AdminHttpClient;

  constructor(admin: AdminHttpClient) {
    this.#admin = admin;
  }

  /** One page, newest first, with the total that matched. */
  async page(query: DeliveryPageQuery = {}): Promise<{ total: number; deliveries: readonly DeliveryView[] }> {
    const { text, ...rest } = query;
    return this.#admin.get('/deliveries', { ...rest, q: text });
  }

  /** Every delivery matching `query`, oldest first (as a local dispatcher's list). */
  async list(query: Omit<DeliveryPageQuery, 'limit' | 'offset'> = {}): Promise<readonly DeliveryView[]> {
    return [...(await this.page(query)).deliveries].reverse();
  }

  get(id: string): Promise<DeliveryView> {
    return this.#admin.get(`/deliveries/${encodeURIComponent(id)}`);
  }

  redeliver(id: string): Promise<DeliveryView> {
    return this.#admin.post(`/deliveries/${encodeURIComponent(id)}/redeliver`);
  }
}
