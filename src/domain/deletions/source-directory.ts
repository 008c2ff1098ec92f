import type { SourceConfig } from '../../contract/generated/wire-types.js';

/** The sources a deletion or an audience can reach (the SourceRegistry is one). */
export interface SourceDirectory {
  list(): readonly SourceConfig[];
  get(writeKey: string): SourceConfig | undefined;
}

/** Which sources hold events of a user, and the accepted events (the EventJournal is one). */
export interface EventHistory {
  writeKeysForUser(userId: string): readonly string[];
  acceptedEvents(): Iterable<{ writeKey: string; event: Record<string, unknown> }>;
}
