-- Runs created at run time (POST /__harness/runs): what any node needs to build the run's core (docs/runs.md).
CREATE TABLE run_records (
  id          text PRIMARY KEY,
  name        text NOT NULL,
  write_keys  text[] NOT NULL,
  clock       text NOT NULL,
  created_at  text NOT NULL,
  config      text NOT NULL
);
CREATE INDEX run_records_write_keys ON run_records USING gin (write_keys);
