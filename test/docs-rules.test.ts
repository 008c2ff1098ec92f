import test from 'ava';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { repoRoot } from './helpers/spawn-cli.js';

async function filesUnder(dir: string, ext: string): Promise<string[]> {
  const entries = await readdir(path.join(repoRoot, dir), { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile() && entry.name.endsWith(ext))
    .map((entry) => path.relative(repoRoot, path.join(entry.parentPath, entry.name)));
}

const read = (file: string) => readFile(path.join(repoRoot, file), 'utf8');
const rules = await read('docs/rules.md');
const anchors = new Set([...rules.matchAll(/<a id="(rule-[\d-]+)"><\/a>/g)].map((match) => match[1]));

test('every conformance clause id is in the docs as a link to the rule it checks, and every rule link lands on a rule', async (t) => {
  const sources = [...(await filesUnder('conformance', '.ts'))];
  const ids = new Set<string>();
  for (const file of sources)
    for (const match of (await read(file)).matchAll(/\bid: '(\d[\w.-]*)'/g)) ids.add(match[1] ?? '');
  t.true(ids.size >= 25, `found the clause ids in conformance/ (${ids.size})`);
  const docs = (await Promise.all(['docs/receiver-suite.md', 'docs/client-suite.md'].map(read))).join('\n');
  for (const id of ids) {
    const link = new RegExp(`\\[\`${id.replaceAll('.', '\\.')}\`\\]\\(rules\\.md#(rule-[\\d-]+)\\)`);
    const match = link.exec(docs);
    t.truthy(match, `${id} is linked to its rule in the suite docs`);
    const section = /^(\d+(?:\.\d+)?)\./.exec(id)?.[1] ?? '';
    t.true(
      match?.[1] === `rule-${section.replace('.', '-')}` || match?.[1] === `rule-${section.split('.')[0] ?? ''}`,
      `${id} links to rule ${section}, not ${match?.[1] ?? 'nothing'}`,
    );
  }
  for (const file of [...(await filesUnder('docs', '.md')), 'README.md']) {
    for (const match of (await read(file)).matchAll(/rules\.md#(rule-[\w-]+)/g))
      t.true(anchors.has(match[1] ?? ''), `${file} links to #${match[1] ?? ''}, which rules.md has`);
  }
});

test('nothing shipped cites SPEC or DESIGN sections, which users do not have', async (t) => {
  const shipped = [
    ...(await filesUnder('docs', '.md')),
    'README.md',
    ...(await filesUnder('schemas', '.json')),
    ...(await filesUnder('inspector-ui', '.js')),
    ...(await filesUnder('inspector-ui', '.html')),
  ];
  t.true(shipped.length > 20);
  const offenders: string[] = [];
  for (const file of shipped) {
    const text = await read(file);
    for (const match of text.matchAll(/\b(SPEC|DESIGN)(\.md| \d| section|\b(?=[ ,;:)]))/g))
      offenders.push(
        `${file}: ${text.slice(Math.max(0, (match.index ?? 0) - 30), (match.index ?? 0) + 30).replaceAll('\n', ' ')}`,
      );
  }
  t.deepEqual(offenders, []);
});
