/** A set that forgets its oldest members past `capacity`, so dedup memory stays bounded. */
export class BoundedIdSet {
  readonly #ids = new Set<string>();

  constructor(readonly capacity: number) {}

  has(id: string): boolean {
    return this.#ids.has(id);
  }

  add(id: string): void {
    this.#ids.add(id);
    if (this.#ids.size > this.capacity) {
      const oldest = this.#ids.values().next();
      if (oldest.done !== true) this.#ids.delete(oldest.value);
    }
  }

  clear(): void {
    this.#ids.clear();
  }
}
