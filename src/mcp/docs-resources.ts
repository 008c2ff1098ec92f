import { existsSync, readdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';

/** The URI of a docs page as a resource: event-harness://docs/rules.md. */
export const docsUri = (page: string) => `event-harness://docs/${page}`;

/** Finds the package's docs/ from this module, whether it runs from src/ (tsx) or dist/src/ (built). */
export function findDocsRoot(from: string = path.dirname(fileURLToPath(import.meta.url))): string | undefined {
  let dir = from;
  for (let i = 0; i < 8; i++) {
    const candidate = path.join(dir, 'docs');
    if (existsSync(path.join(candidate, 'rules.md'))) return candidate;
    const parent = path.dirname(dir);
    if (parent === dir) break;
    dir = parent;
  }
  return undefined;
}

/** The first heading of a page, as its title. */
function titleOf(text: string, page: string): string {
  return /^#\s+(.+)$/m.exec(text)?.[1]?.trim() ?? page;
}

/**
 * Every page of the package's docs/ (rules.md first: the rules each check is named after) as a resource an
 * agent can read: text/markdown, read from disk on each request so it is the installed version's.
 */
export async function registerDocsResources(server: McpServer, root = findDocsRoot()): Promise<number> {
  if (root === undefined) return 0;
  const pages = readdirSync(root)
    .filter((name) => name.endsWith('.md'))
    .sort((a, b) => (a === 'rules.md' ? -1 : b === 'rules.md' ? 1 : a.localeCompare(b)));
  for (const page of pages) {
    const file = path.join(root, page);
    const title = titleOf(await readFile(file, 'utf8'), page);
    server.registerResource(
      page.replace(/\.md$/, ''),
      docsUri(page),
      { title, description: `event-harness docs: ${title}`, mimeType: 'text/markdown' },
      async (uri) => ({ contents: [{ uri: uri.href, mimeType: 'text/markdown', text: await readFile(file, 'utf8') }] }),
    );
  }
  return pages.length;
}
