-- Each run's fault rules (POST /__harness/faults), so every node answers the same plan and a counted rule is used
-- up once across nodes; nodes reload a run's rules on NOTIFY event_harness_faults (payload: the run id).
CREATE TABLE fault_rules (
  run_id     text NOT NULL,
  id         bigserial,
  -- The rule as the admin API took it (JSON).
  rule       text NOT NULL,
  -- Requests left; null for a share without a count (never used up).
  remaining  integer,
  PRIMARY KEY (run_id, id)
);
