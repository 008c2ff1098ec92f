import type pg from 'pg';

/** The rows a one-trip query's labelled SELECTs answered, by label (their first column), text as PostgreSQL sent it. */
export type LabelledRows = ReadonlyMap<string, readonly (string | null)[]>;

interface DataRowMessage {
  readonly fields: readonly (string | null)[];
}

const COPY_DONE = Buffer.from([0x63, 0, 0, 0, 4]);

/**
 * A simple-protocol query whose string may hold one `COPY ... FROM STDIN`, sent together with the COPY's data
 * and CopyDone, so the whole string (BEGIN to COMMIT) costs one round trip: the server reads the data from the
 * socket when it reaches the COPY. On a loaded machine every round trip waits for both processes to be
 * scheduled (docs/scaling.md), which made a commit of four round trips most of the commit cycle. When a
 * statement before the COPY fails, the server skips the rest of the string and ignores the CopyData that
 * follows (PostgreSQL's main loop drops copy messages outside copy mode); the caller then rolls back.
 * Rows whose first column is a text label are handed back by label.
 */
class OneTripQuery implements pg.Submittable {
  readonly #text: string;
  readonly #copy: readonly Buffer[] | undefined;
  readonly #rows = new Map<string, readonly (string | null)[]>();
  readonly #resolve: (rows: LabelledRows) => void;
  readonly #reject: (error: unknown) => void;
  #failed = false;
  /**
   * Set by pg's client when it runs the query: called once it is over, it clears the client's query timeout (the
   * pool's `query_timeout`), whose timer would otherwise stay for its whole length after every commit.
   */
  callback: ((error: Error | null) => void) | undefined;

  constructor(
    text: string,
    copy: readonly Buffer[] | undefined,
    resolve: (rows: LabelledRows) => void,
    reject: (error: unknown) => void,
  ) {
    this.#text = text;
    this.#copy = copy;
    this.#resolve = resolve;
    this.#reject = reject;
  }

  submit(connection: pg.Connection): void {
    const { stream } = connection;
    stream.cork();
    connection.query(this.#text);
    if (this.#copy !== undefined) {
      for (const frame of this.#copy) stream.write(frame);
      stream.write(COPY_DONE);
    }
    stream.uncork();
  }

  handleRowDescription(): void {}

  handleDataRow(message: DataRowMessage): void {
    const [label, ...values] = message.fields;
    if (typeof label === 'string') this.#rows.set(label, values);
  }

  handleCommandComplete(): void {}

  handleEmptyQuery(): void {}

  handlePortalSuspended(): void {}

  // The data went with the query: nothing to send when the server asks for it.
  handleCopyInResponse(): void {}

  handleCopyData(): void {}

  handleError(error: unknown): void {
    if (!this.#failed) this.callback?.(error instanceof Error ? error : new Error(String(error)));
    this.#failed = true;
    this.#reject(error);
  }

  handleReadyForQuery(): void {
    if (this.#failed) return;
    this.callback?.(null);
    this.#resolve(this.#rows);
  }
}

/**
 * Runs `text` (statements separated by `;`, at most one `COPY ... FROM STDIN` fed by `copy`, its CopyData
 * messages as CopyRows frames them) in one round trip.
 */
export function oneTripQuery(client: pg.ClientBase, text: string, copy?: readonly Buffer[]): Promise<LabelledRows> {
  return new Promise((resolve, reject) => {
    client.query(new OneTripQuery(text, copy, resolve, reject));
  });
}
