import { InvalidJournalQueryError } from '../../errors/admin-errors.js';
import { deepPartialMatch } from './deep-partial-match.js';
import type { JournalEntry, JournalMatchQuery } from './journal-entry.js';

export type JournalMatch = (entry: JournalEntry) => boolean;

/** The fields the journal indexes per entry, read without rebuilding the event. */
export interface IndexedEntry extends JournalEntry {
  readonly type: string | undefined;
  readonly userId: string | undefined;
  readonly messageId: string | undefined;
}

const STATUSES = ['accepted', 'rejected', 'duplicate', 'filtered'];
const STRING_KEYS = ['type', 'userId', 'anonymousId', 'writeKey', 'messageId', 'event', 'name'] as const;
const OBJECT_KEYS = ['properties', 'traits', 'context'] as const;
/** Every key a match may name. */
export const MATCH_KEYS: readonly string[] = ['status', ...STRING_KEYS, ...OBJECT_KEYS];
/** Keys journal.query adds for paging and free text. */
export const PAGING_KEYS: readonly string[] = ['limit', 'offset', 'order', 'text'];

/** Edit distance, for "did you mean" on a misspelt key. */
function distance(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    let previous = row[0] as number;
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const current = row[j] as number;
      row[j] = Math.min(
        current + 1,
        (row[j - 1] as number) + 1,
        previous + (a[i - 1]?.toLowerCase() === b[j - 1]?.toLowerCase() ? 0 : 1),
      );
      previous = current;
    }
  }
  return row[b.length] as number;
}

function suggestion(key: string, allowed: readonly string[]): string {
  const best = allowed.map((name) => ({ name, d: distance(key, name) })).sort((x, y) => x.d - y.d)[0];
  return best !== undefined && best.d <= 2 ? ` (did you mean ${JSON.stringify(best.name)}?)` : '';
}

/** Refuses keys outside `allowed`, naming each with a suggestion, so a misspelt key never matches everything. */
export function assertKnownKeys(query: object, allowed: readonly string[], where: string): void {
  const unknown = Object.keys(query).filter((key) => !allowed.includes(key));
  if (unknown.length === 0) return;
  const named = unknown.map((key) => `${JSON.stringify(key)}${suggestion(key, allowed)}`).join(', ');
  throw new InvalidJournalQueryError(
    `${where}: unknown key${unknown.length > 1 ? 's' : ''} ${named}; expected only ${allowed.join(', ')}`,
  );
}

function checkValues(query: JournalMatchQuery, where: string): void {
  if (query.status !== undefined && !STATUSES.includes(query.status)) {
    throw new InvalidJournalQueryError(
      `${where}: status must be one of ${STATUSES.join(', ')}; received ${JSON.stringify(query.status)}`,
    );
  }
  for (const key of STRING_KEYS) {
    const value: unknown = query[key];
    if (value !== undefined && typeof value !== 'string')
      throw new InvalidJournalQueryError(`${where}: ${key} must be a string; received ${JSON.stringify(value)}`);
  }
  for (const key of OBJECT_KEYS) {
    const value: unknown = query[key];
    if (value !== undefined && (typeof value !== 'object' || value === null || Array.isArray(value))) {
      throw new InvalidJournalQueryError(
        `${where}: ${key} must be an object matched as a deep partial; received ${JSON.stringify(value)}`,
      );
    }
  }
}

/**
 * Compiles a match. Keys the journal indexes (status, type, userId, writeKey, messageId) are compared first,
 * without rebuilding the event; the others read the event only for entries that passed those.
 */
export function compileMatch(query: JournalMatchQuery, where: string, extraKeys: readonly string[] = []): JournalMatch {
  assertKnownKeys(query, [...MATCH_KEYS, ...extraKeys], where);
  checkValues(query, where);
  const indexed = indexedFieldsMatch(query);
  const body = eventMatch(query);
  if (body === undefined) return (held) => indexed(held as IndexedEntry);
  return (held) => indexed(held as IndexedEntry) && body((held as IndexedEntry).event);
}

/** The keys an entry holds outside its event (status, type, user, write key, messageId): no event is built for them. */
function indexedFieldsMatch(query: JournalMatchQuery): (entry: IndexedEntry) => boolean {
  const { status, type, userId, writeKey, messageId } = query;
  return (entry) =>
    (status === undefined || entry.status === status) &&
    (type === undefined || entry.type === type) &&
    (userId === undefined || entry.userId === userId) &&
    (writeKey === undefined || entry.writeKey === writeKey) &&
    (messageId === undefined || entry.messageId === messageId);
}

/** The keys read from the event itself, deep partials for properties, traits and context; undefined when none is asked. */
function eventMatch(query: JournalMatchQuery): ((body: IndexedEntry['event']) => boolean) | undefined {
  const { anonymousId, event, name, properties, traits, context } = query;
  const needsEvent =
    anonymousId !== undefined ||
    event !== undefined ||
    name !== undefined ||
    properties !== undefined ||
    traits !== undefined ||
    context !== undefined;
  if (!needsEvent) return undefined;
  return (body) =>
    (anonymousId === undefined || body.anonymousId === anonymousId) &&
    (event === undefined || body.event === event) &&
    (name === undefined || body.name === name) &&
    (properties === undefined || deepPartialMatch(body.properties, properties)) &&
    (traits === undefined || deepPartialMatch(body.traits, traits)) &&
    (context === undefined || deepPartialMatch(body.context, context));
}
