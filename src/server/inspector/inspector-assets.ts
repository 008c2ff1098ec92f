import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ResponseToolkit } from '@hapi/hapi';
import { InspectorAssetsMissingError } from '../../errors/server-errors.js';

/** The files of the page, with their types: anything else under /inspector/ is a 404, never a file read. */
const ASSETS: Readonly<Record<string, string>> = {
  'index.html': 'text/html; charset=utf-8',
  'app.js': 'text/javascript; charset=utf-8',
  'style.css': 'text/css; charset=utf-8',
  'favicon.svg': 'image/svg+xml',
};
/** ...and the page's other ES modules, which app.js imports: any kebab-case .js file of the folder, as app.js. */
const PAGE_MODULE = /^[a-z][a-z0-9-]*\.js$/;
const assetType = (name: string) => ASSETS[name] ?? (PAGE_MODULE.test(name) ? ASSETS['app.js'] : undefined);

// Everything the page loads comes from this origin: no CDN, so it works offline and leaks nothing.
const CONTENT_SECURITY_POLICY =
  "default-src 'self'; img-src 'self' data:; style-src 'self'; script-src 'self'; connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

/** Finds the package's inspector-ui/ from this module, whether it runs from src/ (tsx) or dist/src/ (built). */
export function findInspectorRoot(from: string = path.dirname(fileURLToPath(import.meta.url))): string | undefined {
  let dir = from;
  for (let i = 0; i < 8; i++) {
    const candidate = path.join(dir, 'inspector-ui');
    if (existsSync(path.join(candidate, 'index.html'))) return candidate;
    const parent = path.dirname(dir);
    if (parent === dir) break;
    dir = parent;
  }
  return undefined;
}

/** The page's files, read once each from `root` (default: the package's inspector-ui/) and served with a strict CSP. */
export class InspectorAssets {
  #root: string | undefined;
  readonly #cache = new Map<string, Buffer>();

  constructor(root?: string) {
    this.#root = root;
  }

  async #read(name: string): Promise<Buffer | undefined> {
    if (assetType(name) === undefined) return undefined;
    this.#root ??= findInspectorRoot();
    if (this.#root === undefined) throw new InspectorAssetsMissingError(path.dirname(fileURLToPath(import.meta.url)));
    let bytes = this.#cache.get(name);
    if (bytes === undefined) {
      try {
        bytes = await readFile(path.join(this.#root, name));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
        throw error;
      }
      this.#cache.set(name, bytes);
    }
    return bytes;
  }

  async serve(name: string, h: ResponseToolkit) {
    const bytes = await this.#read(name);
    if (bytes === undefined)
      return h
        .response({
          success: false,
          code: 'NOT_FOUND',
          message: `no inspector file ${JSON.stringify(name)}; the page is at /`,
        })
        .code(404);
    return h
      .response(bytes)
      .type(assetType(name) as string)
      .header('cache-control', 'no-cache')
      .header('content-security-policy', CONTENT_SECURITY_POLICY)
      .header('x-content-type-options', 'nosniff');
  }
}
