-- event-harness: one journal row per accepted request instead of one per event (docs/scaling.md "One row per
-- request"). A request row holds the request's text in `event`, its entries' count in `entry_count`, and in
-- `request` (JSON) what rebuilds exactly the entries the writing node journaled: the route, the clock reading
-- and client address the events were enriched with, the prefix of generated messageIds, and each entry's place,
-- status, reason and whether its messageId was generated. Its `status` is 'request'; `type` and `user_id` are
-- null (no query reads them: the mirror answers every journal query).
-- Rows written before this migration (and entries with no request, such as an import's) keep the old form:
-- `entry_count` and `request` null, `event` one event's JSON. Both forms load and replicate, so an existing
-- database is not converted; its per-event rows go by the count and age trims as before.
ALTER TABLE journal_entries ADD COLUMN IF NOT EXISTS entry_count integer;
ALTER TABLE journal_entries ADD COLUMN IF NOT EXISTS request text;
