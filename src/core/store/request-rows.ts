import { isUtf8 } from 'node:buffer';
import { RequestOrigin } from '../../domain/collection/request-origin.js';
import type { JournalStatus } from '../../domain/journal/journal-entry.js';
import type { JournalRecord } from '../../domain/journal/journal-store.js';
import { copyField } from './copy-journal-rows.js';
import type { CopyRows } from './copy-rows.js';
import { toStoredText } from './nul-safe-text.js';

/** One journal entry of a request row: its place in the request and the verdict it was journaled with. */
export interface RequestRowEntry {
  readonly index: number;
  readonly status: JournalStatus;
  readonly messageIdGenerated: boolean;
  readonly reason: string | undefined;
}

/** The `request` column of a request row (JSON): how to rebuild the request's origin, and its entries. */
interface RequestColumn {
  readonly kind: string;
  readonly ms: number;
  readonly iso: string;
  readonly ip?: string;
  readonly idPrefix?: string;
  /** [index, status, 1 when the messageId was generated, reason?] per entry, in journal order. */
  readonly entries: readonly (readonly [number, JournalStatus, 0 | 1, string?])[];
}

// Bytes COPY's text format would read as an escape or a field or row end: a body holding one is sent as escaped text.
const BACKSLASH = 0x5c;
const NEWLINE = 0x0a;
const RETURN = 0x0d;
const TAB = 0x09;

/** Bytes that go into a COPY row as they are: valid UTF-8 (PostgreSQL checks it) with nothing to escape. */
function copySafeBytes(bytes: Uint8Array): boolean {
  const view = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return (
    view.indexOf(BACKSLASH) < 0 &&
    view.indexOf(NEWLINE) < 0 &&
    view.indexOf(RETURN) < 0 &&
    view.indexOf(TAB) < 0 &&
    isUtf8(view)
  );
}

/**
 * Groups the journal entries of one request into one row (docs/scaling.md "One row per request"): the request's
 * text as the node holds it, with its origin (route, clock reading, client address, generated-id prefix) and each
 * entry's verdict, so any node rebuilds exactly the entries the writer journaled. PostgreSQL then parses, indexes
 * and logs one row per request instead of one per event, and the node sends bytes it already holds instead of
 * serializing each event. Entries appended together come one request at a time (the collection service journals
 * a request's events in one synchronous loop), so a request's row is complete when the next request starts or
 * the batch is taken.
 */
export class RequestRows {
  readonly #prefix: string;
  #origin: RequestOrigin | undefined;
  #writeKey = '';
  #recordedAt = 0;
  #entries: string[] = [];

  /** `prefix`: the run_id and written_by fields every row of this node starts with. */
  constructor(prefix: string) {
    this.#prefix = prefix;
  }

  /**
   * Takes the entry into the current request's row (writing the previous request's row into `rows` first when
   * this one starts another), or answers false when it has no request to go with (then it needs a row of its own).
   */
  add(record: JournalRecord, recordedAt: number, rows: CopyRows): boolean {
    const ref = record.origin;
    const origin = ref?.origin;
    if (ref === undefined || !(origin instanceof RequestOrigin)) {
      this.seal(rows);
      return false;
    }
    if (origin !== this.#origin || record.writeKey !== this.#writeKey) {
      this.seal(rows);
      if (!storable(origin)) return false;
      this.#origin = origin;
      this.#writeKey = record.writeKey;
      this.#recordedAt = recordedAt;
    }
    const generated = ref.messageIdGenerated === true ? 1 : 0;
    this.#entries.push(
      record.reason === undefined
        ? `[${ref.index},"${record.status}",${generated}]`
        : `[${ref.index},"${record.status}",${generated},${JSON.stringify(record.reason)}]`,
    );
    return true;
  }

  /** Writes the current request's row into `rows` (nothing when no entry waits). */
  seal(rows: CopyRows): void {
    const origin = this.#origin;
    if (origin === undefined) return;
    const { text, kind, receivedAt, idPrefix } = origin.durable();
    const head = `${this.#prefix}request\t${copyField(toStoredText(this.#writeKey))}\t\\N\t\\N\t\\N\t${Math.trunc(
      this.#recordedAt,
    )}\t`;
    const column = JSON.stringify({
      kind,
      ms: receivedAt.ms,
      iso: receivedAt.iso,
      ...(receivedAt.ip !== undefined ? { ip: receivedAt.ip } : {}),
      ...(idPrefix !== undefined ? { idPrefix } : {}),
    });
    const tail = `\t${this.#entries.length}\t${copyField(`${column.slice(0, -1)},"entries":[${this.#entries.join(',')}]}`)}\n`;
    if (typeof text !== 'string' && copySafeBytes(text)) rows.addWithBytes(head, text, tail);
    else rows.add(`${head}${copyField(typeof text === 'string' ? text : Buffer.from(text).toString('utf8'))}${tail}`);
    this.discard();
  }

  /** Forgets the current request's row (the journal was cleared after it). */
  discard(): void {
    this.#origin = undefined;
    this.#writeKey = '';
    this.#entries = [];
  }
}

/**
 * Whether the request's text survives PostgreSQL's text as it is: a string with a lone surrogate would come back
 * as U+FFFD, and so rebuild another event (its entries then go as rows of their own). Bytes are decoded as the
 * node decodes them (invalid sequences as U+FFFD, which is what the node parsed).
 */
function storable(origin: RequestOrigin): boolean {
  const { text } = origin.durable();
  return typeof text !== 'string' || (text as string & { isWellFormed(): boolean }).isWellFormed();
}

/** A request row read back: the request as an origin that rebuilds its events, and its entries in order. */
export interface RequestRow {
  readonly origin: RequestOrigin;
  readonly entries: readonly RequestRowEntry[];
}

/** Reads a request row's `event` (the request's text) and `request` columns. */
export function requestFromRow(text: string, requestColumn: string): RequestRow {
  const column = JSON.parse(requestColumn) as RequestColumn;
  const origin = RequestOrigin.restored({
    text,
    kind: column.kind,
    receivedAt: { ms: column.ms, iso: column.iso, ...(column.ip !== undefined ? { ip: column.ip } : {}) },
    idPrefix: column.idPrefix,
  });
  return {
    origin,
    entries: column.entries.map(([index, status, generated, reason]) => ({
      index,
      status,
      messageIdGenerated: generated === 1,
      reason,
    })),
  };
}
