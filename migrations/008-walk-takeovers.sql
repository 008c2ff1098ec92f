-- event-harness: crash-safe walks (docs/scaling.md "A node killed mid-walk"). A walk whose lease ran out is taken
-- over whatever the row says of its next attempt (a node may die between its claim and recording that the walk
-- began), so the sweep reads the leases held, not only rows without a next attempt: a partial index holds just the
-- walks under way (a claim adds the row, the end of its walk takes it out). `taken_over` says whether the last
-- claim took a walk over from a lease that ran out (the claim returns it): that node's request may have reached
-- the receiver unrecorded, a possible duplicate the admin API counts.
CREATE INDEX IF NOT EXISTS deliveries_leases_held ON deliveries (run_id, lease_until)
  WHERE state = 'pending' AND lease_until IS NOT NULL;
ALTER TABLE deliveries ADD COLUMN IF NOT EXISTS taken_over boolean NOT NULL DEFAULT false;
