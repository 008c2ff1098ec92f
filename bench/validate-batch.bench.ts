// Validations per second of a 20-event batch (envelope + each event, as the collection API does),
// against JSON.parse of the same bytes, measured in the same run.
import fc from 'fast-check';
import { batchEnvelope } from '../src/arbitraries/index.js';
import { compiledValidator } from '../src/contract/index.js';
import { fmt, opsPerSecond, report } from './bench-kit.js';

const batch = fc.sample(batchEnvelope({ minEvents: 20, maxEvents: 20, unicode: 'unicode' }), {
  numRuns: 1,
  seed: 42,
})[0] as { batch: unknown[] };
const bytes = JSON.stringify(batch);
const envelope = compiledValidator('batch');
const message = compiledValidator('collection-message');
const parsed = JSON.parse(bytes) as { batch: unknown[] };

const validate = () => {
  if (envelope(parsed) !== true) throw new Error('invalid envelope');
  for (const event of parsed.batch) if (message(event) !== true) throw new Error('invalid event');
};
const parse = () => JSON.parse(bytes) as unknown;
// What the collection API pays per request: parse the bytes, then validate the envelope and every event.
const parseThenValidate = () => {
  const body = JSON.parse(bytes) as { batch: unknown[] };
  if (envelope(body) !== true) throw new Error('invalid envelope');
  for (const event of body.batch) if (message(event) !== true) throw new Error('invalid event');
};

/**
 * Operations per second of CPU time: on a machine shared with other work, wall-clock rates swing with the
 * neighbours' load while CPU time per operation does much less.
 */
function cpuOpsPerSecond(fn: () => void, minCpuMs = 1_000): number {
  for (let i = 0; i < 2_000; i++) fn();
  let ops = 0;
  const start = process.cpuUsage();
  let used = 0;
  while (used < minCpuMs * 1000) {
    for (let i = 0; i < 100; i++) fn();
    ops += 100;
    const delta = process.cpuUsage(start);
    used = delta.user + delta.system;
  }
  return ops / (used / 1e6);
}

const ours = opsPerSecond(validate);
const baseline = opsPerSecond(parse);
const both = opsPerSecond(parseThenValidate);
const oursCpu = cpuOpsPerSecond(validate);
const baselineCpu = cpuOpsPerSecond(parse);
report(`validate a 20-event batch (${fmt(bytes.length)} bytes)`, {
  'validations/s (envelope + 20 events)': fmt(ours),
  'JSON.parse/s of the same bytes': fmt(baseline),
  'ratio (validate / parse)': fmt(ours / baseline, 2),
  'parse + validate/s': fmt(both),
  'ratio (parse + validate / parse)': fmt(both / baseline, 2),
  'per CPU second: validations / parses': `${fmt(oursCpu)} / ${fmt(baselineCpu)}`,
  'CPU ratio (validate / parse)': fmt(oursCpu / baselineCpu, 2),
});
