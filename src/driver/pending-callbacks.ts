/**
 * Calls queued in an SDK that reports each call's fate through a per-call callback (analytics-node 6,
 * rudder-sdk-node): the callback fires once the request carrying the call has settled, retries included.
 * `settled()` resolves when every queued call's callback has fired, which is when flush and close may answer.
 */
export class PendingCallbacks {
  #count = 0;
  #waiters: (() => void)[] = [];

  get count(): number {
    return this.#count;
  }

  /**
   * One queued call: `done` is the callback to hand to the SDK; `abandon` undoes the count when the SDK
   * refused the call (threw) and will never call back. Either counts once.
   */
  add(): { readonly done: () => void; readonly abandon: () => void } {
    this.#count++;
    let open = true;
    const finish = () => {
      if (!open) return;
      open = false;
      this.#count--;
      if (this.#count === 0) for (const waiter of this.#waiters.splice(0)) waiter();
    };
    return { done: finish, abandon: finish };
  }

  settled(): Promise<void> {
    if (this.#count === 0) return Promise.resolve();
    return new Promise((resolve) => this.#waiters.push(resolve));
  }
}
