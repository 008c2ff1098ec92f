-- event-harness: a batch commits once (docs/scaling.md "Database faults"). A commit whose answer is lost (a
-- query timeout while PostgreSQL hangs, a connection cut after COMMIT reached the server) may have committed; the
-- node sends the same batch again, and without this it would be journaled twice. Each node's state of a run numbers
-- its batches (`incarnation`: the node id and a random tag per process); a commit first moves the incarnation's
-- last batch forward, and a batch that is not past it was committed already: the function raises, the whole
-- commit is skipped, and the node counts the batch as committed.
CREATE TABLE IF NOT EXISTS node_commits (
  run_id      text NOT NULL,
  incarnation text NOT NULL,
  batch       bigint NOT NULL,
  updated_at  timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (run_id, incarnation)
);
CREATE OR REPLACE FUNCTION event_harness_commit_once(p_run text, p_incarnation text, p_batch bigint) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO node_commits AS c (run_id, incarnation, batch) VALUES (p_run, p_incarnation, p_batch)
    ON CONFLICT (run_id, incarnation) DO UPDATE SET batch = EXCLUDED.batch, updated_at = now()
    WHERE c.batch < EXCLUDED.batch;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'event-harness: batch % of % committed already', p_batch, p_incarnation USING ERRCODE = 'P0001',
      HINT = 'event-harness-committed-already';
  END IF;
END $$;
