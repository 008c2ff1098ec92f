// The inspector page is a graph of ES modules: a module the plugin does not serve breaks the whole page
// without a word (the browser drops the graph). These tests walk the graph from index.html through the
// plugin, then watch a real browser load it.
import test from 'ava';
import { init, parse } from 'es-module-lexer';
import { copyFile, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { inspectorPlugin } from '../../src/server/plugins/inspector-plugin.js';
import { startHarness } from '../helpers/harness.js';
import { repoRoot, startServe } from '../helpers/spawn-cli.js';
import { launchChromium, openPage } from './browser.js';

const INSPECTOR_UI = path.join(repoRoot, 'inspector-ui');

/** The page's scripts as URL paths: every `<script src>` of the HTML. */
function scriptsOf(html: string): string[] {
  return [...html.matchAll(/<script\b[^>]*\bsrc="([^"]+)"/g)].map((match) => match[1] as string);
}

/** Every module specifier a module imports, static or dynamic (a dynamic one must be a string literal here). */
function importsOf(source: string, url: string): string[] {
  const [imports] = parse(source, url);
  return imports.map((entry) => {
    if (entry.n === undefined)
      throw new Error(
        `${url} imports a computed specifier (${source.slice(entry.ss, entry.se)}): the test cannot check it is served`,
      );
    return entry.n;
  });
}

/** Walks the module graph from the page's scripts, fetching each module through the server once. */
async function walkModules(base: string): Promise<Map<string, { status: number; type: string | null }>> {
  await init;
  const page = await fetch(`${base}/`);
  if (page.status !== 200) throw new Error(`GET / answered ${page.status}, expected the page`);
  const seen = new Map<string, { status: number; type: string | null }>();
  const queue = scriptsOf(await page.text()).map((src) => new URL(src, `${base}/`).pathname);
  while (queue.length > 0) {
    const pathname = queue.shift() as string;
    if (seen.has(pathname)) continue;
    const response = await fetch(`${base}${pathname}`);
    const source = await response.text();
    seen.set(pathname, { status: response.status, type: response.headers.get('content-type') });
    if (response.status !== 200) continue;
    for (const specifier of importsOf(source, pathname)) {
      if (!specifier.startsWith('./') && !specifier.startsWith('../') && !specifier.startsWith('/')) {
        throw new Error(
          `${pathname} imports ${JSON.stringify(specifier)}: a bare or remote specifier, which the page cannot load (no import map, no CDN)`,
        );
      }
      queue.push(new URL(specifier, `${base}${pathname}`).pathname);
    }
  }
  return seen;
}

const jsFiles = async () => (await readdir(INSPECTOR_UI)).filter((name) => name.endsWith('.js')).sort();

test('every module the page imports, from index.html down, is served as JavaScript; every .js of inspector-ui/ is one of them', async (t) => {
  const harness = await startHarness(t);
  await harness.server.register({ plugin: inspectorPlugin, options: { core: harness.core } });
  const modules = await walkModules(harness.url);
  t.true(modules.has('/inspector/app.js'), 'the page loads /inspector/app.js');
  t.true(modules.size > 1, `app.js imports the page's other modules; reached ${[...modules.keys()].join(', ')}`);
  for (const [pathname, answer] of modules) {
    t.is(
      answer.status,
      200,
      `${pathname} is imported by the page but answered ${answer.status}: the inspector plugin serves ASSETS and kebab-case .js files of inspector-ui/`,
    );
    t.is(
      answer.type,
      'text/javascript; charset=utf-8',
      `${pathname} content type (a module needs a JavaScript MIME type)`,
    );
  }
  // Each module sits directly in inspector-ui/ (the plugin serves /inspector/{file}, one segment), and none is dead.
  const reached = [...modules.keys()].map((pathname) => pathname.replace(/^\/inspector\//, '')).sort();
  t.deepEqual(reached, await jsFiles(), 'the modules the page imports are exactly the .js files of inspector-ui/');
});

test('the walk reports a module the plugin does not serve: missing, or named outside the page-module rule', async (t) => {
  // The same plugin over a copy of the page whose modules import one file that is not there and one whose
  // name the plugin refuses (not kebab-case), so neither is served.
  const root = await mkdtemp(path.join(os.tmpdir(), 'eh-inspector-modules-'));
  t.teardown(() => rm(root, { recursive: true, force: true }));
  for (const name of ['index.html', 'style.css', 'favicon.svg']) {
    await copyFile(path.join(INSPECTOR_UI, name), path.join(root, name));
  }
  await writeFile(path.join(root, 'app.js'), "import './served-module.js';\nimport './Not_Kebab.js';\n");
  await writeFile(path.join(root, 'served-module.js'), "import { x } from './missing-module.js';\nconsole.log(x);\n");
  await writeFile(path.join(root, 'Not_Kebab.js'), 'export const y = 1;\n');
  const harness = await startHarness(t);
  await harness.server.register({ plugin: inspectorPlugin, options: { core: harness.core, root } });
  const modules = await walkModules(harness.url);
  t.is(modules.get('/inspector/app.js')?.status, 200);
  t.is(modules.get('/inspector/served-module.js')?.status, 200, 'a kebab-case module of the folder is served');
  t.is(modules.get('/inspector/missing-module.js')?.status, 404, 'an import of a file that is not there');
  t.is(modules.get('/inspector/Not_Kebab.js')?.status, 404, 'a file on disk whose name the plugin does not serve');
});

test('a real browser loads every module of the page from `serve`, and the page runs', async (t) => {
  const serve = await startServe(t, ['--clock', 'fake', '--quiet']);
  const browser = await launchChromium(t);
  // openPage waits for the live stream, which only a page whose every module loaded and ran can open.
  const { page, errors, offOrigin } = await openPage(t, browser, serve.url);
  t.deepEqual(errors, [], 'no script error in the page');
  t.deepEqual(offOrigin, [], 'nothing from another origin');
  const fetched = await page.evaluate(() =>
    (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
      .map((entry) => ({ pathname: new URL(entry.name).pathname, status: entry.responseStatus }))
      .filter((entry) => entry.pathname.endsWith('.js')),
  );
  t.deepEqual(
    fetched.map((entry) => entry.pathname.replace(/^\/inspector\//, '')).sort(),
    await jsFiles(),
    'the browser fetched every module of inspector-ui/',
  );
  for (const entry of fetched) t.is(entry.status, 200, entry.pathname);
  // The modules run together: the clock bar is drawn from the stream's snapshot.
  t.is(await page.locator('#clock-mode').textContent(), 'fake clock');
  t.is(await page.locator('#connection').textContent(), 'live');
});
