import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { AnalyticsNextMissingError, UnknownWriteKeyError } from '../../errors/collection-errors.js';
import type { HarnessError } from '../../errors/harness-error.js';
import { InvalidRequestError } from '../../errors/admin-errors.js';
import { RouteNotFoundError } from '../../errors/server-errors.js';
import type { ServiceCore } from '../service-core.js';
import { errorBody, type CollectionAnswer } from './collection-answer.js';
import { corsHeaders } from './cors-rules.js';

/** Where the snippet loads analytics.js: `https://cdn.segment.com` + this, with the host changed to the mock's. */
export const SNIPPET_BUNDLE_PREFIX = '/analytics.js/v1/';
export const SNIPPET_BUNDLE_FILE = '/analytics.min.js';
/** Where that bundle loads its chunks from, under the CDN it found (`${cdn}/analytics-next/bundles/`). */
export const BUNDLE_CHUNKS_PREFIX = '/analytics-next/bundles/';

/** The CDN the bundle falls back to when it cannot tell its own from a script tag (only https URLs are read). */
const VENDOR_CDN = 'https://cdn.segment.com';
/** The placeholder the CDN replaces with the write key it serves the bundle for (lib/embedded-write-key.ts). */
const WRITE_KEY_PLACEHOLDER = '"__WRITE_KEY__"';
const CHUNK_NAME = /^[\w.-]+\.js(?:\.map)?$/;
/** An origin that can stand inside the bundle's string literals as it is: a scheme, a host name or address, a port. */
const PLAIN_ORIGIN = /^https?:\/\/(?:[A-Za-z0-9.-]+|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$/;
const SCRIPT_HEADERS = {
  'content-type': 'application/javascript; charset=utf-8',
  'cache-control': 'no-store',
} as const;

/** The folder of the installed @segment/analytics-next's browser bundles (dist/umd), or undefined when absent. */
export type BundleLocator = () => string | undefined;

const require = createRequire(import.meta.url);

/** Resolves @segment/analytics-next the way Node resolves it from this package: the user's own install. */
export const locateInstalledAnalyticsNext: BundleLocator = () => {
  try {
    return path.join(path.dirname(require.resolve('@segment/analytics-next/package.json')), 'dist', 'umd');
  } catch {
    return undefined;
  }
};

const files = new Map<string, Promise<string | undefined>>();

/** A bundle file's text, read once per process (the package does not change while the mock runs). */
function readBundleFile(dir: string, name: string): Promise<string | undefined> {
  const file = path.join(dir, name);
  let text = files.get(file);
  if (text === undefined) {
    text = readFile(file, 'utf8').catch(() => undefined);
    files.set(file, text);
  }
  return text;
}

function scriptReply(body: string, origin: string | undefined): CollectionAnswer {
  return { kind: 'reply', status: 200, headers: { ...SCRIPT_HEADERS, ...corsHeaders(origin) }, body, success: false };
}

function errorReply(error: HarnessError, origin: string | undefined, status = error.httpStatus): CollectionAnswer {
  const headers = { 'content-type': 'application/json; charset=utf-8', ...corsHeaders(origin) };
  return { kind: 'reply', status, headers, body: errorBody(error), success: false };
}

/** The bundle is JavaScript: an origin from a Host header that is no plain host name is refused, never written in. */
function originRefusal(mockOrigin: string, origin: string | undefined): CollectionAnswer | undefined {
  if (PLAIN_ORIGIN.test(mockOrigin)) return undefined;
  const error = new InvalidRequestError(
    `the Host header must be a host name or address with an optional port to serve analytics.js from it; received ${JSON.stringify(mockOrigin)}`,
  );
  return errorReply(error, origin);
}

/**
 * `GET /analytics.js/v1/{writeKey}/analytics.min.js`, the file the standard snippet loads: the standalone bundle of
 * the installed @segment/analytics-next, with the write key in its placeholder (as the CDN serves it) and the CDN it
 * falls back to set to the mock (`mockOrigin`, as the request reached it), so the settings and the chunks it then
 * asks for come here. A key follows the settings' rule (unknown with sources configured: 404); a missing package is
 * a 404 naming it and the install command.
 */
export async function answerSnippetBundle(
  core: ServiceCore,
  call: { readonly writeKey: string; readonly origin: string | undefined },
  mockOrigin: string,
  locate: BundleLocator = locateInstalledAnalyticsNext,
): Promise<CollectionAnswer> {
  const requested = `${SNIPPET_BUNDLE_PREFIX}${call.writeKey}${SNIPPET_BUNDLE_FILE}`;
  const refused = originRefusal(mockOrigin, call.origin);
  if (refused !== undefined) return refused;
  if (!core.sources.zeroConfig && core.sources.get(call.writeKey) === undefined)
    // 404, as the settings of an unknown key: the CDN has no file for a source that does not exist.
    return errorReply(new UnknownWriteKeyError(call.writeKey, core.sources.writeKeys()), call.origin, 404);
  const dir = locate();
  const bundle = dir === undefined ? undefined : await readBundleFile(dir, 'standalone.js');
  if (bundle === undefined) return errorReply(new AnalyticsNextMissingError(requested), call.origin);
  // Replaced by functions: a replacement string would read `$&` and the like in a key as patterns.
  const body = bundle
    .replaceAll(WRITE_KEY_PLACEHOLDER, () => JSON.stringify(call.writeKey))
    .replaceAll(VENDOR_CDN, () => mockOrigin);
  return scriptReply(body, call.origin);
}

/** `GET /analytics-next/bundles/{file}`: a chunk of the installed package's bundle (dist/umd), as the CDN serves it. */
export async function answerBundleChunk(
  call: { readonly file: string; readonly origin: string | undefined },
  mockOrigin: string,
  locate: BundleLocator = locateInstalledAnalyticsNext,
): Promise<CollectionAnswer> {
  const requested = `${BUNDLE_CHUNKS_PREFIX}${call.file}`;
  const refused = originRefusal(mockOrigin, call.origin);
  if (refused !== undefined) return refused;
  const dir = locate();
  if (dir === undefined) return errorReply(new AnalyticsNextMissingError(requested), call.origin);
  const text = CHUNK_NAME.test(call.file) ? await readBundleFile(dir, call.file) : undefined;
  if (text === undefined) return errorReply(new RouteNotFoundError('GET', requested), call.origin);
  return scriptReply(
    text.replaceAll(VENDOR_CDN, () => mockOrigin),
    call.origin,
  );
}
