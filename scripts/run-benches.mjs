#!/usr/bin/env node
// Runs every bench/*.bench.ts (or the ones named on the command line) one after another, each in its own
// process so one benchmark's heap and JIT state do not colour the next.
import { readdirSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const wanted = process.argv.slice(2);
const benches = readdirSync(path.join(root, 'bench'))
  .filter((f) => f.endsWith('.bench.ts'))
  .filter((f) => wanted.length === 0 || wanted.some((w) => f.includes(w)))
  .sort();
let failed = 0;
for (const file of benches) {
  console.log(`\n# ${file}`);
  const run = spawnSync(process.execPath, ['--expose-gc', '--import', 'tsx', path.join('bench', file)], {
    cwd: root,
    stdio: 'inherit',
  });
  if (run.status !== 0) failed++;
}
process.exitCode = failed === 0 ? 0 : 1;
