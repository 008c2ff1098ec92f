// The lint and format half of the gate (biome.json), run as `npm run lint` and `npm run format:check` run it:
// Biome as a child process over a fixture tree with the project's configuration.
import test from 'ava';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fixtureTree, repoRoot, runNodeScript } from './helpers/fixture-tree.js';

const biome = path.join(repoRoot, 'node_modules/@biomejs/biome/bin/biome');
const config = await readFile(path.join(repoRoot, 'biome.json'), 'utf8');

/** A formatted module of exactly `lines` lines. */
function moduleOfLines(lines: number): string {
  return Array.from({ length: lines }, (_, i) => `export const value${i} = ${i};\n`).join('');
}

interface Diagnostic {
  readonly category: string;
  readonly severity: string;
  readonly location?: { readonly path?: { readonly file?: string } | string };
}

async function lint(root: string): Promise<{ code: number | null; diagnostics: string[] }> {
  const run = await runNodeScript(
    biome,
    ['lint', '--error-on-warnings', '--vcs-enabled=false', '--reporter=json', '.'],
    root,
  );
  const report = JSON.parse(run.stdout) as { diagnostics: Diagnostic[] };
  const fileOf = (d: Diagnostic) =>
    typeof d.location?.path === 'string' ? d.location.path : (d.location?.path?.file ?? '');
  return { code: run.code, diagnostics: report.diagnostics.map((d) => `${d.category} ${fileOf(d)}`).sort() };
}

test('no hand-written source file over 600 lines (a loose bound; files split where concepts end): src/, conformance/, scripts/ and inspector-ui/ count, tests and generated files do not', async (t) => {
  const root = await fixtureTree(t, {
    'biome.json': config,
    'src/domain/too-long.ts': moduleOfLines(601),
    'src/domain/just-fits.ts': moduleOfLines(600),
    'conformance/too-long.ts': moduleOfLines(620),
    'scripts/too-long.mjs': moduleOfLines(610),
    'inspector-ui/too-long.js': moduleOfLines(700),
    'test/domain/long.test.ts': moduleOfLines(900),
    'bench/long.bench.ts': moduleOfLines(900),
    'src/contract/generated/wire-types.ts': moduleOfLines(2_000),
  });
  const { code, diagnostics } = await lint(root);
  t.not(code, 0);
  t.deepEqual(diagnostics, [
    'lint/style/noExcessiveLinesPerFile conformance/too-long.ts',
    'lint/style/noExcessiveLinesPerFile inspector-ui/too-long.js',
    'lint/style/noExcessiveLinesPerFile scripts/too-long.mjs',
    'lint/style/noExcessiveLinesPerFile src/domain/too-long.ts',
  ]);
});

test('the linter refuses a non-null assertion in shipped code and an unused import anywhere', async (t) => {
  const root = await fixtureTree(t, {
    'biome.json': config,
    'src/domain/assertion.ts': 'export const first = (list: readonly string[]): string => list[0]!;\n',
    'test/domain/assertion.test.ts': 'export const first = (list: readonly string[]): string => list[0]!;\n',
    'test/domain/unused.test.ts': "import { readFile } from 'node:fs';\n\nexport const value = 1;\n",
  });
  const { code, diagnostics } = await lint(root);
  t.not(code, 0);
  t.deepEqual(diagnostics, [
    'lint/correctness/noUnusedImports test/domain/unused.test.ts',
    'lint/style/noNonNullAssertion src/domain/assertion.ts',
  ]);
});

/** A function whose cognitive complexity is 1 + `depth` nested ifs (each scores its nesting). */
function functionOfNesting(depth: number): string {
  let body = 'return 0;';
  for (let i = depth - 1; i >= 0; i--) body = `if (n > ${i}) {\n${body}\n}\nreturn ${i};`;
  return `export function nested(n: number): number {\n${body}\n}\n`;
}

test('every function scores a cognitive complexity of 20 or less, everywhere Biome lints (shipped code, tests, benches), with no file excepted', async (t) => {
  // Nested ifs score 1 + 2 + ... + depth: 5 deep is 15, 6 deep is 21.
  const root = await fixtureTree(t, {
    'biome.json': config,
    'src/domain/fits.ts': functionOfNesting(5),
    'src/domain/too-complex.ts': functionOfNesting(6),
    'conformance/too-complex.ts': functionOfNesting(6),
    'test/domain/too-complex.test.ts': functionOfNesting(6),
    'bench/too-complex.bench.ts': functionOfNesting(6),
  });
  const { code, diagnostics } = await lint(root);
  t.not(code, 0);
  t.deepEqual(diagnostics, [
    'lint/complexity/noExcessiveCognitiveComplexity bench/too-complex.bench.ts',
    'lint/complexity/noExcessiveCognitiveComplexity conformance/too-complex.ts',
    'lint/complexity/noExcessiveCognitiveComplexity src/domain/too-complex.ts',
    'lint/complexity/noExcessiveCognitiveComplexity test/domain/too-complex.test.ts',
  ]);
  t.false(config.includes('"ignore"'), 'no file or folder is excepted from the linter in biome.json');
});

test('the format check keeps the current style: single quotes, semicolons, 2 spaces, 120 columns', async (t) => {
  const clean = "import { value } from './value.js';\n\nexport const doubled = (n: number): number => n * value * 2;\n";
  const root = await fixtureTree(t, {
    'biome.json': config,
    'src/value.ts': 'export const value = 1;\n',
    'src/clean.ts': clean,
    'src/double-quotes.ts': 'export const greeting = "hello";\n',
    'src/no-semicolon.ts': 'export const answer = 42\n',
    'src/too-wide.ts': `export const list = [${Array.from({ length: 30 }, (_, i) => `'item-${i}'`).join(', ')}];\n`,
  });
  const run = await runNodeScript(biome, ['format', '--vcs-enabled=false', '--reporter=json', '.'], root);
  t.not(run.code, 0);
  const report = JSON.parse(run.stdout) as { diagnostics: Diagnostic[] };
  const files = report.diagnostics
    .filter((d) => d.category === 'format')
    .map((d) => (typeof d.location?.path === 'string' ? d.location.path : (d.location?.path?.file ?? '')));
  t.deepEqual(files.sort(), ['src/double-quotes.ts', 'src/no-semicolon.ts', 'src/too-wide.ts']);
});
