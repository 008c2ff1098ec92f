// The rule "public Node APIs only" (docs/architecture.md): no shipped file reaches into Node's internals.
import test from 'ava';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fixtureTree, repoRoot } from './helpers/fixture-tree.js';

/** Node's private internals, as shipped code would reach them. */
const INTERNALS: readonly RegExp[] = [
  /\._handle\b/,
  /\.binding\s*\(\s*['"]/,
  /\binternalBinding\b/,
  /--expose-internals\b/,
  /['"]internal\/[\w/]+['"]/,
];

/** Each `file:line: text` under `dirs` of `root` that uses an internal. */
async function internalsUsed(root: string, dirs: readonly string[]): Promise<string[]> {
  const found: string[] = [];
  for (const dir of dirs) {
    const entries = await readdir(path.join(root, dir), { recursive: true, withFileTypes: true });
    for (const entry of entries) {
      if (!entry.isFile() || !/\.(ts|js|mjs|cjs)$/.test(entry.name)) continue;
      const file = path.join(entry.parentPath, entry.name);
      const lines = (await readFile(file, 'utf8')).split('\n');
      lines.forEach((line, i) => {
        if (INTERNALS.some((pattern) => pattern.test(line)))
          found.push(`${path.relative(root, file)}:${i + 1}: ${line.trim()}`);
      });
    }
  }
  return found;
}

test('no shipped file uses a Node internal (_handle, process.binding, internalBinding, internal/ modules)', async (t) => {
  t.deepEqual(await internalsUsed(repoRoot, ['src', 'conformance']), []);
});

test('the check finds each internal it names, and not the public APIs beside them', async (t) => {
  const root = await fixtureTree(t, {
    'src/duplicate-socket.ts': 'export const fd = (server: any) => server._handle.fd;\n',
    'src/binding.ts': "export const tcp = (process as any).binding('tcp_wrap');\n",
    'src/internal.js': "const { internalBinding } = require('internal/test/binding');\n",
    'src/public.ts':
      "import { createServer } from 'node:http';\nexport const server = createServer().listen({ port: 0, reusePort: true } as never);\n",
  });
  const found = await internalsUsed(root, ['src']);
  t.deepEqual(found.map((line) => line.split(':')[0]).sort(), [
    'src/binding.ts',
    'src/duplicate-socket.ts',
    'src/internal.js',
  ]);
});
