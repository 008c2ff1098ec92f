// docs/errors.md lists every code, with its status and class: checked here against the classes and against the
// codes the HTTP layer writes into its answers itself, so the list cannot drift from the code.
import test from 'ava';
import { execFile } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import * as errors from '../../src/errors/index.js';
import * as conformanceErrors from '../../conformance/errors/conformance-errors.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const DOC = path.join(ROOT, 'docs/errors.md');
/** Where answers are built with a code written as a literal (`code: 'BAD_REQUEST'`) rather than from a class. */
const ANSWERING_FOLDERS = ['src/server', 'src/core', 'src/msw', 'src/harness'];
/** A code in source: an UPPER_SNAKE string literal with at least one underscore (GET, COMMIT, SIGKILL are not). */
const CODE_LITERAL = /'([A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+)'/g;

interface Row {
  readonly code: string;
  readonly status: string;
  readonly className: string | undefined;
}

async function documentedRows(): Promise<Row[]> {
  const text = await readFile(DOC, 'utf8');
  return [...text.matchAll(/^\| `([^`]+)` \| ([^|]+?) \| (?:`(\w+)`)? ?\| .+ \|$/gm)].map(
    ([, code = '', status = '', className]) => ({ code, status, className }),
  );
}

function classesWithCodes(): { name: string; code: string; httpStatus: number }[] {
  return [...Object.entries(errors), ...Object.entries(conformanceErrors)].flatMap(([name, value]) =>
    typeof value === 'function' && Object.hasOwn(value, 'code')
      ? [{ name, code: (value as { code: string }).code, httpStatus: (value as { httpStatus: number }).httpStatus }]
      : [],
  );
}

async function sourceFiles(folder: string): Promise<string[]> {
  const entries = await readdir(path.join(ROOT, folder), { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile() && entry.name.endsWith('.ts'))
    .map((entry) => path.join(entry.parentPath, entry.name));
}

/** Every code literal the answering folders hold, with the first file that holds it. */
async function codesInSource(): Promise<Map<string, string>> {
  const found = new Map<string, string>();
  for (const folder of ANSWERING_FOLDERS) {
    for (const file of await sourceFiles(folder)) {
      for (const [, code = ''] of (await readFile(file, 'utf8')).matchAll(CODE_LITERAL)) {
        if (!found.has(code)) found.set(code, path.relative(ROOT, file));
      }
    }
  }
  return found;
}

test('docs/errors.md lists every class code once, with its class and its status', async (t) => {
  const rows = await documentedRows();
  t.true(rows.length > 60);
  t.is(new Set(rows.map((row) => row.code)).size, rows.length, 'a code is listed twice');
  for (const { name, code, httpStatus } of classesWithCodes()) {
    const row = rows.find((r) => r.code === code);
    t.truthy(row, `docs/errors.md has no row for ${code} (${name})`);
    t.is(row?.className, name, code);
    t.is(row?.status, String(httpStatus), code);
  }
  t.like(
    rows.find((row) => row.className === 'AdminApiError'),
    { code: 'HTTP_<status>', status: "the server's" },
  );
});

test('every row of docs/errors.md names a class that has that code, or a code the HTTP layer writes itself', async (t) => {
  const classes = new Map(classesWithCodes().map((c) => [c.name, c]));
  const inSource = await codesInSource();
  for (const row of await documentedRows()) {
    if (row.className === 'AdminApiError') continue;
    if (row.className !== undefined) t.is(classes.get(row.className)?.code, row.code, row.className);
    else t.true(inSource.has(row.code), `${row.code} is documented but nothing in ${ANSWERING_FOLDERS} writes it`);
  }
});

test('every code the HTTP layer writes as a literal is documented in docs/errors.md', async (t) => {
  const documented = new Set((await documentedRows()).map((row) => row.code));
  const missing = [...(await codesInSource())].filter(([code]) => !documented.has(code));
  t.deepEqual(missing, [], 'add a row to docs/errors.md for each code (and the file that writes it)');
});

test("docs/errors.md's example runs as written and prints the code and status", async (t) => {
  const text = await readFile(DOC, 'utf8');
  const example = /```ts\n([\s\S]*?)```/.exec(text)?.[1] ?? '';
  t.regex(example, /from 'event-harness';/);
  const dir = await mkdtemp(path.join(tmpdir(), 'event-harness-errors-doc-'));
  t.teardown(() => rm(dir, { recursive: true, force: true }));
  const entry = pathToFileURL(path.join(ROOT, 'src/index.ts')).href;
  await writeFile(path.join(dir, 'package.json'), '{ "type": "module" }');
  await writeFile(path.join(dir, 'example.ts'), example.replace("from 'event-harness'", `from '${entry}'`));
  const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', path.join(dir, 'example.ts')], {
    cwd: ROOT,
    timeout: 60_000,
  });
  t.is(stdout, 'RUN_NOT_FOUND 404\n');
});
