/**
 * Work held outside the dispatcher that must go out before it counts as idle (a partial Webhooks (Actions)
 * batch): each hook sends what it holds and says whether it sent anything.
 */
export class IdleHooks {
  readonly #hooks = new Set<() => boolean>();

  add(hook: () => boolean): () => void {
    this.#hooks.add(hook);
    return () => this.#hooks.delete(hook);
  }

  /** Calls every hook (none is skipped once one has sent); true when any sent something. */
  releaseHeld(): boolean {
    let released = false;
    for (const hook of this.#hooks) if (hook()) released = true;
    return released;
  }
}
