// The package as a user gets it: every subpath of package.json "exports" imported by the package's own name
// (Node's self-reference) from a real child process over the built dist/, and every module dist/ imports at
// run time covered by "dependencies" (or the optional msw peer, only from the msw subpath). npm test builds
// before ava runs, so dist/ is current here.
import test from 'ava';
import { execFile } from 'node:child_process';
import { readFile, readdir } from 'node:fs/promises';
import { builtinModules } from 'node:module';
import path from 'node:path';
import { promisify } from 'node:util';
import { ENTRY_SOURCES, exportLines, PUBLIC_EXPORTS } from './helpers/public-exports.js';
import { repoRoot } from './helpers/spawn-cli.js';

const execFileAsync = promisify(execFile);

interface PackageJson {
  name: string;
  bin: Record<string, string>;
  exports: Record<string, unknown>;
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
  peerDependencies?: Record<string, string>;
  peerDependenciesMeta?: Record<string, { optional?: boolean }>;
}

const pkg = JSON.parse(await readFile(path.join(repoRoot, 'package.json'), 'utf8')) as PackageJson;

/** Runs an ES module snippet in a fresh node with cwd at the repository, so `event-harness/...` self-resolves. */
async function runModule(source: string): Promise<unknown> {
  const { stdout } = await execFileAsync(process.execPath, ['--input-type=module', '-e', source], {
    cwd: repoRoot,
    encoding: 'utf8',
    timeout: 30_000,
  });
  return JSON.parse(stdout) as unknown;
}

test('package.json exports exactly the DESIGN 3 subpaths (plus package.json)', (t) => {
  t.is(pkg.name, 'event-harness');
  t.deepEqual(Object.keys(pkg.exports).sort(), [
    '.',
    './arbitraries',
    './client',
    './conformance',
    './msw',
    './package.json',
    './schemas/*',
  ]);
  t.is(pkg.bin['event-harness'], './dist/src/cli/main.js');
});

// Every subpath, imported by the package's name over the built dist/, exports exactly its pinned runtime values
// (test/helpers/public-exports.ts): an unlisted export fails here, as it does against the sources.
for (const subpath of Object.keys(ENTRY_SOURCES)) {
  const specifier = subpath === '.' ? 'event-harness' : `event-harness/${subpath.slice(2)}`;
  test(`import('${specifier}') in a child process exports exactly its pinned values`, async (t) => {
    const kinds = (await runModule(
      `const m = await import(${JSON.stringify(specifier)}); console.log(JSON.stringify(Object.fromEntries(Object.keys(m).map((k) => [k, typeof m[k]]))));`,
    )) as Record<string, string>;
    t.deepEqual(exportLines(kinds), exportLines(PUBLIC_EXPORTS[subpath] ?? {}));
    t.false('default' in kinds, `${specifier} has named exports only`);
  });
}

test('a schema file resolves and loads through event-harness/schemas/*', async (t) => {
  const result = (await runModule(
    `const url = import.meta.resolve('event-harness/schemas/track.schema.json');
     const schema = (await import('event-harness/schemas/track.schema.json', { with: { type: 'json' } })).default;
     console.log(JSON.stringify({ url, id: schema.$id, title: schema.title }));`,
  )) as { url: string; id: string; title: string };
  t.is(result.url, new URL('schemas/track.schema.json', `file://${repoRoot}/`).href);
  t.deepEqual([result.id, result.title], ['https://event-harness.dev/schemas/track.schema.json', 'TrackMessage']);
});

test('the exported entry points exist in dist/ and the bin runs', async (t) => {
  const { stdout } = await execFileAsync(
    process.execPath,
    [path.join(repoRoot, pkg.bin['event-harness'] ?? ''), '--help'],
    { cwd: repoRoot, encoding: 'utf8' },
  );
  t.regex(stdout, /serve/);
});

async function jsFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((e) => e.isFile() && e.name.endsWith('.js')).map((e) => path.join(e.parentPath, e.name));
}

/** Bare specifiers a compiled module loads: static imports, literal import() and require() calls. */
function bareImports(source: string): string[] {
  const found = new Set<string>();
  for (const match of source.matchAll(
    /(?:^|[\s;])(?:import|export)\s[^'"]*?\sfrom\s+['"]([^'"]+)['"]|(?:^|[\s;])import\s+['"]([^'"]+)['"]|(?:\bimport|\)|\brequire)\(\s*['"]([^'"]+)['"]\s*\)/gm,
  )) {
    const specifier = match[1] ?? match[2] ?? match[3];
    if (specifier !== undefined && !specifier.startsWith('.') && !specifier.startsWith('/')) found.add(specifier);
  }
  return [...found];
}

function packageOf(specifier: string): string {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : (parts[0] ?? specifier);
}

test('every module dist/ imports at run time is a Node built-in or a dependency; test-only libraries never are', async (t) => {
  const builtins = new Set(builtinModules);
  const dependencies = new Set(Object.keys(pkg.dependencies));
  const peers = new Set(Object.keys(pkg.peerDependencies ?? {}));
  const offenders: string[] = [];
  const seen = new Set<string>();
  const files = [
    ...(await jsFiles(path.join(repoRoot, 'dist/src'))),
    ...(await jsFiles(path.join(repoRoot, 'dist/conformance'))),
  ];
  t.true(files.length > 50, 'dist/ is built');
  for (const file of files) {
    const relative = path.relative(repoRoot, file);
    for (const specifier of bareImports(await readFile(file, 'utf8'))) {
      const name = packageOf(specifier);
      seen.add(name);
      if (specifier.startsWith('node:') || builtins.has(specifier)) continue;
      if (dependencies.has(name)) continue;
      // A required peer (fast-check) is installed with the package; an optional one (msw) only by users of its
      // subpath, so only that subpath may load it.
      const optional = pkg.peerDependenciesMeta?.[name]?.optional === true;
      if (peers.has(name) && (!optional || relative.startsWith(path.join('dist', 'src', 'msw')))) continue;
      offenders.push(`${relative} imports ${specifier}`);
    }
  }
  t.deepEqual(offenders, [], 'runtime imports not covered by package.json dependencies');
  // The scan itself must see the runtime dependencies, or it proves nothing.
  for (const name of ['@hapi/hapi', 'ajv', 'fast-check', '@sinonjs/fake-timers', 'msw'])
    t.true(seen.has(name), `the scan sees ${name}`);
  for (const devOnly of [
    'ava',
    'sinon',
    'tsx',
    'node-forge',
    'undici',
    '@fast-check/ava',
    'json-schema-to-typescript',
  ]) {
    t.false(dependencies.has(devOnly), `${devOnly} stays a devDependency`);
    t.false(seen.has(devOnly), `dist/ never imports ${devOnly}`);
  }
});

test('bareImports finds static, side-effect and literal dynamic imports, and skips relative ones', (t) => {
  const source = [
    "import { a } from 'alpha';",
    "import * as b from '@scope/beta/sub';",
    "export { c } from 'gamma';",
    "import 'delta';",
    "const e = await import('epsilon');",
    "const z = createRequire(import.meta.url)('zeta');",
    "const h = require('eta');",
    "import { f } from './local.js';",
    "import g from 'node:fs';",
  ].join('\n');
  t.deepEqual(bareImports(source).sort(), [
    '@scope/beta/sub',
    'alpha',
    'delta',
    'epsilon',
    'eta',
    'gamma',
    'node:fs',
    'zeta',
  ]);
  t.is(packageOf('@scope/beta/sub'), '@scope/beta');
  t.is(packageOf('fast-check/lib/x'), 'fast-check');
});

test('exports are explicit: no `export *` in src/ or conformance/ (generated files included)', async (t) => {
  const offenders: string[] = [];
  for (const dir of ['src', 'conformance']) {
    const entries = await readdir(path.join(repoRoot, dir), { withFileTypes: true, recursive: true });
    for (const entry of entries.filter((e) => e.isFile() && e.name.endsWith('.ts'))) {
      const file = path.join(entry.parentPath, entry.name);
      if (/^\s*export\s+(?:type\s+)?\*/m.test(await readFile(file, 'utf8')))
        offenders.push(path.relative(repoRoot, file));
    }
  }
  t.deepEqual(offenders, []);
});
