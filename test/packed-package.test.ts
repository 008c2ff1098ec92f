import test from 'ava';
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { repoRoot } from './helpers/spawn-cli.js';

const execFileAsync = promisify(execFile);
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const tsc = path.join(repoRoot, 'node_modules/typescript/bin/tsc');

/** Runs a command with a bound; on failure the error carries its output, so the test says what broke. */
async function run(file: string, args: readonly string[], cwd: string, timeoutMs: number): Promise<string> {
  try {
    const { stdout } = await execFileAsync(file, [...args], {
      cwd,
      encoding: 'utf8',
      timeout: timeoutMs,
      maxBuffer: 16 * 1024 * 1024,
      env: { ...process.env, npm_config_update_notifier: 'false' },
    });
    return stdout;
  } catch (error) {
    const failed = error as { stdout?: string; stderr?: string; killed?: boolean; message: string };
    throw new Error(
      `${path.basename(file)} ${args.join(' ')} failed${failed.killed === true ? ` (did not finish within ${timeoutMs} ms)` : ''}:\n${failed.stdout ?? ''}\n${failed.stderr ?? failed.message}`,
    );
  }
}

/** The ```ts blocks of the README, in order. */
function readmeExamples(readme: string): string[] {
  return [...readme.matchAll(/^```ts\n([\s\S]*?)^```$/gm)].map((match) => match[1] ?? '');
}

const compilerOptions = (resolution: 'nodenext' | 'bundler') => ({
  strict: true,
  skipLibCheck: false,
  target: 'ES2022',
  module: resolution === 'nodenext' ? 'nodenext' : 'esnext',
  moduleResolution: resolution,
  // Only @types/node from outside: everything else must come from what the tarball installed.
  typeRoots: [path.join(repoRoot, 'node_modules/@types')],
  types: ['node'],
  outDir: 'out',
  noEmit: resolution === 'bundler',
});

test('the packed package installs into a fresh project, and the README examples compile (strict, skipLibCheck false, nodenext and bundler) and run', async (t) => {
  // About 30 s on a quiet machine; the bounds below are for a heavily shared one.
  t.timeout(600_000, 'pack, install, two compilations and the runs of the README examples');
  if (!existsSync(path.join(repoRoot, 'dist/src/index.d.ts')))
    t.fail('dist/ is missing: run `npm run build` first (npm test builds before the tests)');
  const dir = await mkdtemp(path.join(os.tmpdir(), 'event-harness-packed-'));
  t.teardown(() => rm(dir, { recursive: true, force: true }));

  // The build already ran (npm test builds first), so the pack does not build again.
  const packed = JSON.parse(
    await run(npm, ['pack', '--ignore-scripts', '--json', '--pack-destination', dir], repoRoot, 120_000),
  ) as [{ filename: string; files: { path: string }[] }];
  const files = packed[0].files.map((file) => file.path);
  t.true(files.includes('docs/mock-service.md'), 'docs/ is in the tarball');
  t.true(files.includes('README.md'));
  t.true(files.includes('migrations/001-initial.sql'), 'the SQL migrations serve --store applies are in the tarball');
  // Source maps ship with their sources inlined (sourcesContent), so a stack trace or a debugger shows the
  // TypeScript without src/ in the package; a map that pointed at files not shipped would only mislead.
  const maps = files.filter((file) => file.endsWith('.map'));
  t.true(maps.length > 20, 'the build ships source maps');
  for (const map of maps) {
    const parsed = JSON.parse(await readFile(path.join(repoRoot, map), 'utf8')) as {
      sources: string[];
      sourcesContent?: (string | null)[];
    };
    t.true(
      parsed.sourcesContent?.length === parsed.sources.length &&
        parsed.sourcesContent.every((content) => typeof content === 'string' && content.length > 0),
      `${map} carries its sources`,
    );
  }
  t.deepEqual(
    files.filter((file) => file.startsWith('src/') || file.startsWith('test/')),
    [],
    'no sources or tests shipped',
  );
  const manifest = JSON.parse(await readFile(path.join(repoRoot, 'package.json'), 'utf8')) as {
    repository?: unknown;
    homepage?: unknown;
    peerDependencies?: Record<string, string>;
    dependencies?: Record<string, string>;
  };
  t.truthy(manifest.repository);
  t.truthy(manifest.homepage);
  t.is(manifest.peerDependencies?.['fast-check'], '^4.0.0');
  t.is(
    manifest.dependencies?.['fast-check'],
    undefined,
    "fast-check is the user's own copy (a peer), not a second one",
  );

  const project = path.join(dir, 'project');
  await run('mkdir', [project], dir, 10_000);
  await writeFile(
    path.join(project, 'package.json'),
    JSON.stringify({ name: 'fresh-project', private: true, type: 'module' }),
  );
  // From npm's cache when it holds the dependencies; the registry otherwise.
  await run(
    npm,
    ['install', '--prefer-offline', '--no-audit', '--no-fund', '--ignore-scripts', path.join(dir, packed[0].filename)],
    project,
    300_000,
  );
  t.true(existsSync(path.join(project, 'node_modules/fast-check/package.json')), 'npm installs the fast-check peer');

  const examples = readmeExamples(await readFile(path.join(repoRoot, 'README.md'), 'utf8'));
  t.true(examples.length >= 4, `the README has its TypeScript examples; found ${examples.length}`);
  const names = examples.map((_, i) => `example-${i + 1}.ts`);
  for (const [i, source] of examples.entries()) await writeFile(path.join(project, names[i] ?? ''), source);
  // Every entry point's declarations, not only those the README touches (msw's needs the optional msw peer).
  await writeFile(
    path.join(project, 'entry-points.ts'),
    [
      "import type { Harness, FakeClock, JournalMatchQuery } from 'event-harness';",
      "import type { Client } from 'event-harness/client';",
      "import type * as arbitraries from 'event-harness/arbitraries';",
      "import type * as conformance from 'event-harness/conformance';",
      'export type Checked = [Harness<FakeClock>, JournalMatchQuery, Client, typeof arbitraries.webhookPayload, typeof conformance.receiverSuite];',
      '',
    ].join('\n'),
  );
  const typeOnly = ['entry-points.ts'];

  for (const resolution of ['nodenext', 'bundler'] as const) {
    await writeFile(
      path.join(project, `tsconfig.${resolution}.json`),
      JSON.stringify({ compilerOptions: compilerOptions(resolution), files: [...names, ...typeOnly] }),
    );
    const output = await run(process.execPath, [tsc, '-p', `tsconfig.${resolution}.json`], project, 240_000).catch(
      (error: Error) => error.message,
    );
    t.is(output, '', `tsc --strict with ${resolution} resolution and skipLibCheck false`);
  }

  // The nodenext build emitted JavaScript: run each example as a user would.
  const outputs: string[] = [];
  for (const name of names)
    outputs.push(await run(process.execPath, [path.join('out', name.replace(/\.ts$/, '.js'))], project, 60_000));
  t.is(outputs[0]?.trim(), 'accepted', 'the harness example saw its event accepted');
  t.is(outputs[1]?.trim(), 'accepted 0', 'the shared-server example saw its event in its run only');
  t.is(outputs[2]?.trim(), '1', 'the arbitraries example ran its property');
  t.regex(
    outputs[3] ?? '',
    /ok: false[\s\S]*\/event is required; received nothing/,
    'the validate example prints what the README says',
  );

  // The documented line for our client's e2e CLI (docs/client-suite.md), from the installed package.
  const bin = path.join('node_modules', '.bin', 'event-harness');
  const e2e = JSON.parse(
    await run(
      bin,
      [
        'check',
        'client',
        '--protocol',
        'e2e-cli',
        '--runs',
        '1',
        '--only',
        '5.3.write-key',
        '--only',
        'e2e-cli.result',
      ].concat(['--reporter', 'json', '--', bin, 'e2e-cli']),
      project,
      120_000,
    ),
  ) as { passed: boolean; clauses: { id: string; status: string }[] };
  t.true(e2e.passed, JSON.stringify(e2e.clauses));
});
