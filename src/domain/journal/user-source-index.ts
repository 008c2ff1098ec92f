/** A user the held accepted (or filtered) entries mention, with how many entries per source. */
interface UserRecord {
  /** The one copy of the id that entries of this user share. */
  readonly id: string;
  /**
   * Most users' events come from one source: its key and count are fields, and only a user seen from several
   * sources gets a map (the index is updated for every event journaled, so the common case stays two field writes).
   */
  firstKey: string;
  firstCount: number;
  others: Map<string, number> | undefined;
}

/**
 * The sources holding held entries of each user, counted over the held entries (so it is bounded with them):
 * deletions ask it without scanning the journal. Sources are listed in the order a Map of them would keep.
 */
export class UserSourceIndex {
  readonly #users = new Map<string, UserRecord>();

  /** Counts one held entry of `userId` for the source; returns the id's shared copy. */
  add(userId: string, writeKey: string): string {
    const user = this.#users.get(userId);
    if (user === undefined) {
      this.#users.set(userId, { id: userId, firstKey: writeKey, firstCount: 1, others: undefined });
      return userId;
    }
    if (user.firstKey === writeKey) user.firstCount++;
    else {
      const others = (user.others ??= new Map());
      others.set(writeKey, (others.get(writeKey) ?? 0) + 1);
    }
    return user.id;
  }

  /** The shared copy of `userId`, when it is indexed. */
  sharedId(userId: string): string | undefined {
    return this.#users.get(userId)?.id;
  }

  /** Uncounts one held entry of `userId` for the source. */
  remove(userId: string, writeKey: string): void {
    const user = this.#users.get(userId);
    if (user === undefined) return;
    if (user.firstKey === writeKey) {
      if (--user.firstCount > 0) return;
      // The first source's last entry went: the next source, if any, takes its place (a Map would list it first).
      const next = user.others?.entries().next();
      if (next === undefined || next.done === true) {
        this.#users.delete(userId);
        return;
      }
      const [key, count] = next.value;
      user.others?.delete(key);
      user.firstKey = key;
      user.firstCount = count;
      if (user.others?.size === 0) user.others = undefined;
      return;
    }
    const count = user.others?.get(writeKey);
    if (count === undefined) return;
    if (count > 1) user.others?.set(writeKey, count - 1);
    else user.others?.delete(writeKey);
  }

  writeKeys(userId: string): readonly string[] {
    const user = this.#users.get(userId);
    if (user === undefined) return [];
    return user.others === undefined ? [user.firstKey] : [user.firstKey, ...user.others.keys()];
  }

  get size(): number {
    return this.#users.size;
  }

  clear(): void {
    this.#users.clear();
  }
}
