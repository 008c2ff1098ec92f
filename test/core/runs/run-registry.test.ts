import test from 'ava';
import { createServiceCore } from '../../../src/core/service-core.js';
import { RunRegistry, type RunCoreOptions } from '../../../src/core/runs/run-registry.js';
import { MemoryRunDirectory } from '../../../src/core/runs/memory-run-directory.js';
import { isFakeClock } from '../../../src/clock/clock.js';

function registry(
  t: import('ava').ExecutionContext,
  options: Partial<ConstructorParameters<typeof RunRegistry>[0]> = {},
) {
  const defaultCore = createServiceCore({ config: { sources: [{ writeKey: 'wk_default' }] } });
  const built: { id: string; options: RunCoreOptions }[] = [];
  const runs = new RunRegistry({
    defaultCore,
    createCore: (id, run) => {
      built.push({ id, options: run });
      return createServiceCore({ clock: run.clock, config: run.config });
    },
    ...options,
  });
  t.teardown(() => {
    runs.close();
    defaultCore.dispatcher.close();
  });
  return { runs, defaultCore, built };
}

test('the default run is the given core, and every key no run owns finds it', async (t) => {
  const { runs, defaultCore } = registry(t);
  t.is(runs.default.core, defaultCore);
  t.is(runs.default.id, 'default');
  t.is(runs.get('default'), runs.default);
  t.is(runs.byWriteKey('anything'), runs.default);
  t.is(runs.byWriteKey(undefined), runs.default);
  t.false(runs.hasRuns);
  t.deepEqual(runs.default.writeKeys, ['wk_default']);
});

test('create builds a whole core through the factory, with its own clock, key and journal', async (t) => {
  const { runs, built } = registry(t);
  const run = await runs.create({ clock: 'fake', name: 'a' });
  t.deepEqual(
    built.map((b) => b.id),
    [run.id],
  );
  t.true(isFakeClock(run.core.clock));
  t.false(isFakeClock(runs.default.core.clock));
  t.not(run.core.journal, runs.default.core.journal);
  t.is(runs.byWriteKey(run.writeKeys[0]), run);
  t.is(runs.ownerOf(run.writeKeys[0] ?? ''), run);
  t.is(runs.get(run.id), run);
  t.true(runs.hasRuns);
  t.deepEqual(
    run.core.config.sources?.map((source) => source.writeKey),
    run.writeKeys,
    'the generated key is a configured source of the run',
  );
  t.true(await runs.delete(run.id));
  t.is(runs.byWriteKey(run.writeKeys[0]), runs.default);
  t.is(runs.get(run.id), undefined);
  t.false(await runs.delete(run.id));
});

test('a factory that fails leaves no record behind: the keys stay free', async (t) => {
  let fail = true;
  const { runs } = registry(t, {
    createCore: (_id, run) => {
      if (fail) throw new Error('the store is down');
      return createServiceCore({ clock: run.clock, config: run.config });
    },
  });
  await t.throwsAsync(runs.create({ config: { sources: [{ writeKey: 'k' }] } }), { message: 'the store is down' });
  fail = false;
  const run = await runs.create({ config: { sources: [{ writeKey: 'k' }] } });
  t.deepEqual(run.writeKeys, ['k']);
});

test('idle runs are swept on create and list, by the injected wall clock; touch keeps a run', async (t) => {
  let now = 1_000_000;
  const { runs } = registry(t, { idleMs: 1_000, now: () => now });
  const idle = await runs.create();
  const used = await runs.create();
  now += 900;
  runs.touch(used);
  now += 200;
  t.deepEqual(
    (await runs.list()).map((run) => run.id),
    ['default', used.id],
  );
  t.is(runs.get(idle.id), undefined);
  t.is(runs.byWriteKey(idle.writeKeys[0]), runs.default, 'its key went back to the default run');
});

test('open builds a run recorded by another process in a shared directory', async (t) => {
  const directory = new MemoryRunDirectory();
  const { runs: first } = registry(t, { directory });
  const { runs: second, built } = registry(t, { directory });
  const run = await first.create({ clock: 'fake', config: { sources: [{ writeKey: 'k_shared' }] } });
  t.is(second.get(run.id), undefined, 'not live on the second registry yet');
  const [opened, again] = await Promise.all([second.open(run.id), second.open(run.id)]);
  t.is(again, opened, 'concurrent opens share one build');
  t.is(opened?.id, run.id);
  t.deepEqual(
    built.map((b) => b.options.clock),
    ['fake'],
  );
  t.true(second.byWriteKey('k_shared') === opened, 'once open, its key routes to it');
  await t.throwsAsync(second.require('run_missing'), { code: 'RUN_NOT_FOUND' } as never);
  // A key the shared directory holds is refused on the other registry too.
  await t.throwsAsync(second.create({ config: { sources: [{ writeKey: 'k_shared' }] } }), {
    code: 'WRITE_KEY_TAKEN',
  } as never);
});
