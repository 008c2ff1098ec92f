import test from 'ava';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { basicAuth, postJson, startHarness } from '../../helpers/harness.js';

// Runs' memory goes back when they are deleted, and a run that took a few events holds little (docs/limits.md):
// each run's journal took a 1 MiB text chunk on its first event, so 1,000 runs held 1 GB outside the heap, which
// the process kept as resident memory after the runs were deleted.
setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

function outsideHeap(): number {
  gc();
  gc();
  return process.memoryUsage().arrayBuffers;
}

test('300 runs that took one event each hold under 64 KiB of text buffers each, and give them back when deleted', async (t) => {
  const harness = await startHarness(t, { maxRuns: 400 });
  const before = outsideHeap();
  const ids: string[] = [];
  for (let i = 0; i < 300; i++) {
    const run = (await postJson(`${harness.url}/__harness/runs`, { clock: 'fake' })).body as {
      id: string;
      writeKeys: string[];
    };
    ids.push(run.id);
    const sent = await postJson(
      `${harness.url}/v1/track`,
      { userId: 'u', event: 'One' },
      { authorization: basicAuth(run.writeKeys[0] ?? '') },
    );
    t.is(sent.status, 200);
  }
  const held = outsideHeap() - before;
  t.true(held < 300 * 64 * 1024, `${Math.round(held / 1024)} KiB of buffers for 300 runs`);
  for (const id of ids) await fetch(`${harness.url}/__harness/runs/${id}`, { method: 'DELETE' });
  const after = outsideHeap() - before;
  t.true(after < 2 * 1024 * 1024, `${Math.round(after / 1024)} KiB of buffers still held after deleting them`);
});
