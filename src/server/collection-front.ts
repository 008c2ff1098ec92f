import type { IncomingMessage, ServerResponse } from 'node:http';
import type { CollectionAnswer, CollectionCall } from '../core/collection/collection-door.js';
import type { HeaderMap } from '../domain/collection/collection-service.js';
import { clientAddressOf } from './client-address.js';
import { drainUnreadBody } from './drain-unread-body.js';
import { readRequestBody } from './read-request-body.js';

/** The way to the collection door: the door itself on the main thread, a message to it on an ingest thread. */
export type DoorWay = (call: CollectionCall) => Promise<CollectionAnswer>;

const SUCCESS_JSON = '{"success":true}';
const SUCCESS_LENGTH = String(Buffer.byteLength(SUCCESS_JSON));
/** What every answer of the collection API carries besides its own headers (Hapi's default, kept for every adapter). */
const NO_CACHE = 'no-cache';
/** The success answer's headers, made once per frozen header map of the door (the answer to a request without Origin). */
const successHeaders = new WeakMap<object, Readonly<Record<string, string>>>();

const COLLECTION_PATH = /^\/v1\/[A-Za-z]+$/;

/**
 * The path of a request the collection door answers (every path under /v1/), as a router reads it: the query left
 * out, dot segments resolved, a trailing slash dropped; undefined for any other path.
 */
export function collectionPathOf(url: string | undefined): string | undefined {
  if (url === undefined) return undefined;
  // The path every SDK sends, settled without parsing it.
  if (COLLECTION_PATH.test(url)) return url;
  let path: string;
  try {
    path = new URL(url, 'http://localhost').pathname;
  } catch {
    return undefined;
  }
  if (path.length > 4 && path.endsWith('/')) path = path.slice(0, -1);
  return path.startsWith('/v1/') ? path : undefined;
}

function withLength(answer: CollectionAnswer & { kind: 'reply' }, text: string): Record<string, string> {
  return { ...answer.headers, 'content-length': String(Buffer.byteLength(text)), 'cache-control': NO_CACHE };
}

/** Writes the door's answer on a node:http response (a reset fault drops the connection instead). */
export function writeAnswer(res: ServerResponse, answer: CollectionAnswer): void {
  if (answer.kind === 'reset') {
    res.socket?.destroy();
    return;
  }
  if (answer.success) {
    let headers = successHeaders.get(answer.headers);
    if (headers === undefined) {
      headers = { ...answer.headers, 'content-length': SUCCESS_LENGTH, 'cache-control': NO_CACHE };
      if (Object.isFrozen(answer.headers)) successHeaders.set(answer.headers, headers);
    }
    res.writeHead(answer.status, headers);
    res.end(SUCCESS_JSON);
    return;
  }
  const text = typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body);
  res.writeHead(answer.status, withLength(answer, text));
  res.end(text);
}

/** The answer to a request the way to the door failed on (a bug, or a thread cut off from the main thread). */
function unanswered(error: unknown): CollectionAnswer {
  const message = `the collection API could not answer: ${(error as Error).message ?? String(error)}`;
  return {
    kind: 'reply',
    status: 500,
    headers: { 'content-type': 'application/json; charset=utf-8' },
    body: { success: false, code: 'INTERNAL_ERROR', message },
    success: false,
  };
}

/**
 * node:http's side of the collection door: reads the request (its body whole, up to the raw limit), hands it to the
 * door as a CollectionCall, and writes the answer; a body over the limit is drained before its 400 goes out, so a
 * kept-alive connection stays usable. The same code on serve's main thread and in each ingest thread.
 */
export async function answerThroughDoor(req: IncomingMessage, res: ServerResponse, path: string, door: DoorWay) {
  const receivedAt = Date.now();
  const read = await readRequestBody(req, req.headers['content-length']);
  if (read.kind === 'gone') return;
  const body = read.kind === 'body' ? read.body : Buffer.alloc(0);
  const call: CollectionCall = {
    method: req.method ?? 'GET',
    path,
    headers: req.headers as HeaderMap,
    body,
    // The body is this request's own buffer (see ownBody): the journal keeps it without a copy.
    bodyOwned: true,
    ...(read.kind === 'oversized' ? { oversized: read.size } : {}),
    remoteAddress: clientAddressOf(req),
    receivedAt,
  };
  const answer = await door(call).catch(unanswered);
  if (read.kind === 'oversized') await drainUnreadBody(req);
  if (!res.destroyed) writeAnswer(res, answer);
}
