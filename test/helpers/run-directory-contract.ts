import type { ExecutionContext } from 'ava';
import type { RunDirectory, RunRecord } from '../../src/core/runs/run-directory.js';

/**
 * The contract of src/core/runs/run-directory.ts, for every implementation: the in-memory one here, the
 * PostgreSQL one beside it. `make` answers an empty directory (and registers its own teardown on `t`).
 */
export async function checkRunDirectoryContract(
  t: ExecutionContext,
  make: (t: ExecutionContext) => Promise<RunDirectory>,
): Promise<void> {
  const directory = await make(t);
  const record = (id: string, writeKeys: string[], createdAt = '2026-01-01T00:00:00.000Z'): RunRecord => ({
    id,
    name: `name of ${id}`,
    writeKeys,
    clock: 'fake',
    createdAt,
    config: { sources: writeKeys.map((writeKey) => ({ writeKey })) },
  });
  t.deepEqual(await directory.add(record('run_a', ['k1', 'k2']), 3), { added: true });
  t.deepEqual(await directory.get('run_a'), record('run_a', ['k1', 'k2']), 'a record reads back as stored');
  t.is((await directory.ownerOf('k2'))?.id, 'run_a');
  t.is(await directory.ownerOf('k3'), undefined);
  t.is(await directory.get('run_zz'), undefined);
  // A key already owned: nothing stored, the conflict named.
  t.deepEqual(await directory.add(record('run_b', ['k3', 'k1']), 3), {
    added: false,
    reason: 'write-key-taken',
    writeKey: 'k1',
    ownerId: 'run_a',
  });
  t.is(await directory.ownerOf('k3'), undefined, 'a refused add stores none of its keys');
  t.is(await directory.get('run_b'), undefined);
  t.deepEqual(await directory.add(record('run_a', ['k9']), 3), { added: false, reason: 'id-taken' });
  t.deepEqual(await directory.add(record('run_b', ['k3'], '2026-01-01T00:00:01.000Z'), 3), { added: true });
  t.deepEqual(await directory.add(record('run_c', ['k4'], '2026-01-01T00:00:02.000Z'), 3), { added: true });
  t.deepEqual(await directory.add(record('run_d', ['k5']), 3), { added: false, reason: 'full' });
  t.deepEqual(
    (await directory.list()).map((r) => r.id),
    ['run_a', 'run_b', 'run_c'],
    'oldest first',
  );
  t.true(await directory.remove('run_a'));
  t.false(await directory.remove('run_a'), 'removing twice answers false');
  t.is(await directory.ownerOf('k1'), undefined, 'removing frees the keys at once');
  t.deepEqual(await directory.add(record('run_d', ['k1']), 3), { added: true });
  // Two concurrent adds of one key: exactly one wins.
  const raced = await Promise.all([
    directory.add(record('run_e', ['k7']), 10),
    directory.add(record('run_f', ['k7']), 10),
  ]);
  t.is(raced.filter((result) => result.added).length, 1);
  const racer = raced[0]?.added === true ? 'run_e' : 'run_f';
  // Idleness: the latest use any process marked, else the creation time; an earlier mark does not move it back.
  const created = Date.parse('2026-01-01T00:00:00.000Z');
  await directory.markUsed('run_d', created + 5_000);
  await directory.markUsed('run_d', created + 1_000);
  t.deepEqual(
    (await directory.removeIdle(created + 3_000)).sort(),
    ['run_b', 'run_c', racer],
    'records unused since before the cutoff are removed; run_d was used after it',
  );
  t.is(await directory.get('run_b'), undefined);
  t.is((await directory.get('run_d'))?.id, 'run_d');
  t.deepEqual(await directory.removeIdle(created + 5_000), [], 'a use at the cutoff itself is not idle');
  t.deepEqual(await directory.removeIdle(created + 5_001), ['run_d']);
}
