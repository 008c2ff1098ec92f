// The Node.js lines the package supports are the ones CI tests: package.json "engines" names them, .ci/run runs
// the test suite again on each (from the npm registry's `node` package), and the README says so.
import test from 'ava';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { repoRoot } from './helpers/spawn-cli.js';

const read = (file: string) => readFile(path.join(repoRoot, file), 'utf8');

/** The major versions of a range made of `^X.Y.Z` parts joined by `||`. */
function majorsOf(range: string): number[] {
  return range.split('||').map((part) => {
    const match = /^\s*\^(\d+)\.\d+\.\d+\s*$/.exec(part);
    if (match === null) throw new Error(`engines.node part ${JSON.stringify(part)} is not ^X.Y.Z`);
    return Number(match[1]);
  });
}

test('engines names the lines CI runs the suite on, and no other', async (t) => {
  const pkg = JSON.parse(await read('package.json')) as { engines: { node: string } };
  const lock = JSON.parse(await read('package-lock.json')) as { packages: Record<string, { engines?: unknown }> };
  const engines = majorsOf(pkg.engines.node).sort();
  t.deepEqual(engines, [22, 24]);
  t.deepEqual(lock.packages['']?.engines, pkg.engines, 'package-lock.json records the same engines');
  const ci = await read('.ci/run');
  const lines = /\$\{CI_NODE_LINES:-([\d ]+)\}/.exec(ci)?.[1]?.trim().split(/\s+/).map(Number);
  t.deepEqual(lines?.slice().sort(), engines, '.ci/run runs the suite on every line engines names');
  t.regex(ci, /npm ci && npm test\n/, '.ci/run runs the README command on the machine first');
  t.regex(ci, /npm install --prefix "\$prefix" --no-save/, 'each line is installed beside the project, not into it');
  const readme = await read('README.md');
  t.true(readme.includes(`Node.js ${engines.join(' or ')}`), 'the README names the supported lines');
});

test('the machine may run an older line: the README says how the two commands stand there', async (t) => {
  const readme = await read('README.md');
  t.regex(readme, /Node 20 reached\s+its end of life/);
  t.regex(readme, /two commands below still work on it/);
});
