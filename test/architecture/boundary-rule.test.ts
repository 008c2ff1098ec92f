// The layer rule of DESIGN.md section 4 (.dependency-cruiser.cjs), run as `npm run lint:boundaries` runs it:
// dependency-cruiser as a child process. A fixture tree holds one forbidden arrow per rule and must fail with
// exactly those rules named; a tree of the allowed arrows must pass; so must the real tree.
import test from 'ava';
import path from 'node:path';
import { fixtureTree, repoRoot, runNodeScript } from './helpers/fixture-tree.js';

const depcruise = path.join(repoRoot, 'node_modules/dependency-cruiser/bin/dependency-cruise.mjs');
const config = path.join(repoRoot, '.dependency-cruiser.cjs');

const TSCONFIG = JSON.stringify({
  compilerOptions: { module: 'NodeNext', moduleResolution: 'NodeNext', strict: true, noEmit: true },
  include: ['src', 'conformance'],
});
const PACKAGE = JSON.stringify({
  name: 'fixture',
  type: 'module',
  dependencies: { 'runtime-pkg': '1.0.0' },
  devDependencies: { 'dev-only-pkg': '1.0.0' },
});

/** A module exporting one constant, so an import of it is a real dependency. */
const leaf = (name: string) => `export const ${name} = 1;\n`;
const importing = (specifier: string) => `import { value } from '${specifier}';\nexport const used = value;\n`;

const common: Record<string, string> = {
  'tsconfig.json': TSCONFIG,
  'package.json': PACKAGE,
  'node_modules/dev-only-pkg/package.json': JSON.stringify({
    name: 'dev-only-pkg',
    version: '1.0.0',
    main: 'index.js',
  }),
  'node_modules/dev-only-pkg/index.js': 'exports.value = 1;\n',
  'node_modules/runtime-pkg/package.json': JSON.stringify({ name: 'runtime-pkg', version: '1.0.0', main: 'index.js' }),
  'node_modules/runtime-pkg/index.js': 'exports.value = 1;\n',
  // The targets the arrows below point at.
  'src/contract/schema.ts': leaf('value'),
  'src/errors/harness-error.ts': leaf('value'),
  'src/clock/clock.ts': leaf('value'),
  'src/domain/collection/service.ts': leaf('value'),
  'src/domain/audiences/trait-key.ts': leaf('value'),
  'src/domain/journal/journal.ts': leaf('value'),
  'src/actors/dispatcher/webhook-dispatcher.ts': leaf('value'),
  'src/actors/client/create-client.ts': leaf('value'),
  'src/actors/client/index.ts': importing('./create-client.js'),
  'src/core/service-core.ts': leaf('value'),
  'src/server/create-server.ts': leaf('value'),
  'src/msw/index.ts': leaf('value'),
  'src/harness/create-harness.ts': leaf('value'),
  'src/driver/run-driver.ts': leaf('value'),
  'src/cli/command.ts': leaf('value'),
  'src/mcp/create-mcp-server.ts': leaf('value'),
  'src/arbitraries/index.ts': leaf('value'),
  'conformance/index.ts': leaf('value'),
  'conformance/receiver/run-receiver-suite.ts': leaf('value'),
  'test/helpers/harness.ts': leaf('value'),
};

/** One file per forbidden arrow: the file, what it imports, and the one rule that must name it. */
const FORBIDDEN: readonly { from: string; imports: string; rule: string }[] = [
  {
    from: 'src/contract/reaches-up.ts',
    imports: '../domain/collection/service.js',
    rule: 'ground-imports-nothing-above',
  },
  { from: 'src/clock/reaches-core.ts', imports: '../core/service-core.js', rule: 'ground-imports-nothing-above' },
  { from: 'src/errors/reaches-contract.ts', imports: '../contract/schema.js', rule: 'errors-is-the-floor' },
  {
    from: 'src/domain/deletions/deletion-service.ts',
    imports: '../../actors/dispatcher/webhook-dispatcher.js',
    rule: 'domain-imports-only-ground',
  },
  {
    from: 'src/actors/dispatcher/reaches-core.ts',
    imports: '../../core/service-core.js',
    rule: 'actors-import-only-domain-and-ground',
  },
  {
    from: 'src/actors/client/reaches-dispatcher.ts',
    imports: '../dispatcher/webhook-dispatcher.js',
    rule: 'actors-independent',
  },
  { from: 'src/core/reaches-server.ts', imports: '../server/create-server.js', rule: 'core-imports-no-adapter' },
  {
    from: 'src/arbitraries/audience.ts',
    imports: '../domain/audiences/trait-key.js',
    rule: 'arbitraries-import-only-ground',
  },
  {
    from: 'src/server/reaches-harness.ts',
    imports: '../harness/create-harness.js',
    rule: 'server-imports-no-other-adapter',
  },
  { from: 'src/msw/reaches-server.ts', imports: '../server/create-server.js', rule: 'msw-imports-no-other-adapter' },
  {
    from: 'src/harness/reaches-msw.ts',
    imports: '../msw/index.js',
    rule: 'harness-imports-only-server-among-adapters',
  },
  {
    from: 'src/driver/reaches-server.ts',
    imports: '../server/create-server.js',
    rule: 'driver-imports-no-other-adapter',
  },
  {
    from: 'src/mcp/reaches-server.ts',
    imports: '../server/create-server.js',
    rule: 'mcp-imports-only-harness-among-adapters',
  },
  {
    from: 'src/mcp/deep-conformance.ts',
    imports: '../../conformance/receiver/run-receiver-suite.js',
    rule: 'mcp-uses-the-conformance-public-api',
  },
  { from: 'src/index.ts', imports: './cli/command.js', rule: 'nothing-imports-the-cli' },
  {
    from: 'conformance/deep-import.ts',
    imports: '../src/domain/journal/journal.js',
    rule: 'conformance-uses-the-public-api',
  },
  {
    from: 'src/domain/journal/reaches-tests.ts',
    imports: '../../../test/helpers/harness.js',
    rule: 'shipped-code-not-on-tests',
  },
  { from: 'src/domain/sources/missing.ts', imports: './no-such-file.js', rule: 'not-to-unresolvable' },
  { from: 'src/server/dev-dependency.ts', imports: 'dev-only-pkg', rule: 'shipped-code-not-on-dev-dependencies' },
];

/** `error RULE: FROM → TO` lines of the err reporter, as "RULE FROM". */
function violations(output: string): string[] {
  return [...output.matchAll(/^\s*error ([\w-]+): (\S+) → /gm)].map((m) => `${m[1]} ${m[2]}`).sort();
}

test('the layer rule fails on every arrow that runs back up, naming the rule it breaks', async (t) => {
  const files: Record<string, string> = { ...common };
  for (const arrow of FORBIDDEN) files[arrow.from] = importing(arrow.imports);
  // A cycle between two domain modules: neither is the lower one.
  files['src/domain/routing/a.ts'] = `import { b } from './b.js';\nexport const a = () => b;\n`;
  files['src/domain/routing/b.ts'] = `import { a } from './a.js';\nexport const b = () => a;\n`;
  const root = await fixtureTree(t, files);
  const run = await runNodeScript(depcruise, ['--config', config, '--output-type', 'err', 'src', 'conformance'], root);
  t.not(run.code, 0, `dependency-cruiser passed a tree of forbidden arrows:\n${run.stdout}${run.stderr}`);
  const found = violations(run.stdout);
  t.deepEqual(
    found.filter((v) => !v.startsWith('no-circular ')),
    FORBIDDEN.map((a) => `${a.rule} ${a.from}`).sort(),
    run.stdout + run.stderr,
  );
  // The cycle is reported once, from whichever of its two modules the checker reached first.
  t.deepEqual(
    found.filter((v) => v.startsWith('no-circular ')).map((v) => v.replace(/[ab]\.ts$/, '*.ts')),
    ['no-circular src/domain/routing/*.ts'],
    run.stdout,
  );
});

test('the layer rule passes every allowed arrow', async (t) => {
  const root = await fixtureTree(t, {
    ...common,
    'src/contract/validators.ts': importing('../errors/harness-error.js'),
    'src/clock/system-clock.ts': importing('../errors/harness-error.js'),
    'src/domain/collection/uses-ground.ts': `${importing('../../contract/schema.js')}export { value as clock } from '../../clock/clock.js';\n`,
    'src/domain/collection/uses-runtime-dependency.ts': importing('runtime-pkg'),
    'src/actors/dispatcher/uses-domain.ts': importing('../../domain/collection/service.js'),
    'src/core/composes.ts': `${importing('../actors/dispatcher/webhook-dispatcher.js')}export { value as journal } from '../domain/journal/journal.js';\n`,
    'src/server/uses-core.ts': importing('../core/service-core.js'),
    'src/msw/uses-core.ts': importing('../core/service-core.js'),
    'src/harness/builds-server.ts': importing('../server/create-server.js'),
    'src/driver/uses-client.ts': importing('../actors/client/index.js'),
    'src/cli/serve.ts': importing('../harness/create-harness.js'),
    'src/cli/inspector.ts': importing('../server/create-server.js'),
    'src/cli/driver.ts': importing('../driver/run-driver.js'),
    'src/cli/check.ts': importing('../../conformance/index.js'),
    'src/cli/mcp.ts': importing('../mcp/create-mcp-server.js'),
    'src/mcp/uses-harness.ts': importing('../harness/create-harness.js'),
    'src/mcp/uses-core.ts': importing('../core/service-core.js'),
    'src/mcp/runs-suites.ts': importing('../../conformance/index.js'),
    'src/arbitraries/message.ts': importing('../contract/schema.js'),
    'src/index.ts': importing('./harness/create-harness.js'),
    'conformance/suite.ts': `${importing('../src/index.js')}export { value as arb } from '../src/arbitraries/index.js';\nexport { value as client } from '../src/actors/client/index.js';\n`,
  });
  const run = await runNodeScript(depcruise, ['--config', config, '--output-type', 'err', 'src', 'conformance'], root);
  t.is(run.code, 0, run.stdout + run.stderr);
  t.deepEqual(violations(run.stdout), []);
});

test('the real tree keeps the layer rule', async (t) => {
  const run = await runNodeScript(
    depcruise,
    ['--config', config, '--output-type', 'err', 'src', 'conformance'],
    repoRoot,
  );
  t.deepEqual(violations(run.stdout), [], run.stdout + run.stderr);
  t.is(run.code, 0, run.stdout + run.stderr);
});
