import type { DeliveryView } from '../../domain/delivery/delivery-record.js';
import type { DeliveryListener } from './dispatcher-options.js';

/** The subscribers to delivery changes (the inspector's live feed, the serve log). */
export class DeliveryListeners {
  readonly #listeners = new Set<DeliveryListener>();

  /** True when someone listens: the caller then builds the view, and not otherwise. */
  get any(): boolean {
    return this.#listeners.size > 0;
  }

  subscribe(listener: DeliveryListener): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  notify(view: DeliveryView): void {
    for (const listener of this.#listeners) {
      try {
        listener(view);
      } catch {
        // One failing listener must not stop delivery bookkeeping.
      }
    }
  }
}
