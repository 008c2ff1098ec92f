import test from 'ava';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { repoRoot } from '../helpers/spawn-cli.js';
import { adminGet, startMcp, structured } from './helpers/mcp-process.js';

const agents = await readFile(path.join(repoRoot, 'docs/agents.md'), 'utf8');

interface ServerEntry {
  readonly command: string;
  readonly args: readonly string[];
}

/** The event-harness entry of every ```json config snippet of docs/agents.md. */
function snippetEntries(): ServerEntry[] {
  return [...agents.matchAll(/^```json\n([\s\S]*?)^```$/gm)].map((match) => {
    const config = JSON.parse(match[1] ?? '') as {
      mcpServers?: Record<string, ServerEntry>;
      servers?: Record<string, ServerEntry>;
    };
    const entry = (config.mcpServers ?? config.servers)?.['event-harness'];
    if (entry === undefined) throw new Error(`a snippet without an event-harness server: ${match[1]}`);
    return entry;
  });
}

test('every client snippet of docs/agents.md starts `npx event-harness mcp ...`, and those lines serve the tools', async (t) => {
  t.timeout(120_000);
  const entries = snippetEntries();
  t.true(entries.length >= 3);
  for (const entry of entries) {
    t.is(entry.command, 'npx');
    t.deepEqual(entry.args.slice(0, 2), ['event-harness', 'mcp']);
  }
  const toml = /^```toml\n[\s\S]*?^args = (\[.*\])$/m.exec(agents)?.[1];
  t.deepEqual(JSON.parse(toml ?? '[]'), ['event-harness', 'mcp']);
  // Each distinct command line, run as the snippet runs it (the CLI of this checkout stands for npx's), in a
  // project folder holding the harness.json a snippet names.
  const dir = await mkdtemp(path.join(os.tmpdir(), 'event-harness-agents-'));
  t.teardown(() => rm(dir, { recursive: true, force: true }));
  await writeFile(
    path.join(dir, 'harness.json'),
    JSON.stringify({ sources: [{ writeKey: 'docs-key', name: 'docs' }] }),
  );
  const lines = [...new Set(entries.map((entry) => JSON.stringify(entry.args.slice(2))))].map(
    (line) => JSON.parse(line) as string[],
  );
  for (const args of lines.filter((line) => !line.includes('--server'))) {
    const mcp = await startMcp(t, args, { cwd: dir });
    const { tools } = await mcp.client.listTools();
    // The tools table of the page names every tool the server has.
    for (const tool of tools) t.true(agents.includes(`\`${tool.name}\``), `docs/agents.md names ${tool.name}`);
    const runs = structured(t, await mcp.call('list_runs'));
    t.deepEqual(runs, await adminGet(mcp.url, '/runs'));
    if (args.includes('--config'))
      t.deepEqual((runs.runs as { writeKeys: string[] }[])[0]?.writeKeys, ['docs-key'], 'the config was read');
  }
});
