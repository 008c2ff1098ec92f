-- event-harness: the durable state of every run, and the replication log between nodes (docs/scaling.md).
-- Every row carries change_seq from one global sequence: a node catches up by reading, per table, the rows
-- changed since the last change_seq it applied. Writers take one advisory lock per flush, so the sequence
-- is handed out in commit order and a reader never skips a row that commits late.
CREATE SEQUENCE change_seq;

CREATE TABLE runs (
  run_id      text PRIMARY KEY,
  -- The fake clock's now (epoch ms); null on a system clock.
  clock_now   bigint,
  -- Bumped by a reset: a node seeing a newer epoch clears its mirror.
  epoch       integer NOT NULL DEFAULT 0,
  written_by  text NOT NULL,
  change_seq  bigint NOT NULL DEFAULT nextval('change_seq')
);
CREATE INDEX runs_change_seq ON runs (change_seq);

CREATE TABLE journal_entries (
  run_id      text NOT NULL,
  change_seq  bigint NOT NULL DEFAULT nextval('change_seq'),
  written_by  text NOT NULL,
  status      text NOT NULL,
  write_key   text NOT NULL,
  type        text,
  user_id     text,
  reason      text,
  -- The harness clock's time it was recorded (epoch ms): age retention.
  recorded_at bigint NOT NULL,
  -- The event's JSON text, as the mirror rebuilds it.
  event       text NOT NULL,
  PRIMARY KEY (run_id, change_seq)
);
CREATE INDEX journal_entries_change_seq ON journal_entries (change_seq);
CREATE INDEX journal_entries_user ON journal_entries (run_id, user_id);
CREATE INDEX journal_entries_type ON journal_entries (run_id, type);
CREATE INDEX journal_entries_write_key ON journal_entries (run_id, write_key);
CREATE INDEX journal_entries_age ON journal_entries (run_id, recorded_at);

CREATE TABLE deliveries (
  run_id          text NOT NULL,
  id              text NOT NULL,
  state           text NOT NULL,
  -- The StoredDelivery (body, targets, attempts, retry window) as JSON.
  record          text NOT NULL,
  created_at      bigint NOT NULL,
  next_attempt_at bigint,
  -- The highest walk claimed (a walk is keyed by the attempts recorded before it), and who holds it until when.
  walk            integer NOT NULL DEFAULT -1,
  lease_owner     text,
  lease_until     timestamptz,
  written_by      text NOT NULL,
  updated_at      timestamptz NOT NULL DEFAULT now(),
  change_seq      bigint NOT NULL DEFAULT nextval('change_seq'),
  PRIMARY KEY (run_id, id)
);
CREATE INDEX deliveries_change_seq ON deliveries (change_seq);
-- Due retries and walks whose lease ran out (the sweep).
CREATE INDEX deliveries_due ON deliveries (run_id, state, next_attempt_at);
CREATE INDEX deliveries_lease ON deliveries (state, lease_until);
CREATE INDEX deliveries_age ON deliveries (run_id, created_at);
