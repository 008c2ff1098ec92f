import { gzipSync } from 'node:zlib';
import type { CollectionRequest } from '../../src/domain/collection/index.js';

export function basic(writeKey: string, withColon = true): string {
  return `Basic ${Buffer.from(withColon ? `${writeKey}:` : writeKey).toString('base64')}`;
}

/** A collection request with JSON body and Basic auth by default. */
export function jsonRequest(
  route: string,
  body: unknown,
  options: { writeKey?: string | null; headers?: Record<string, string>; gzip?: boolean } = {},
): CollectionRequest {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  const headers: Record<string, string> = { 'content-type': 'application/json', ...options.headers };
  if (options.writeKey !== null) headers.authorization = basic(options.writeKey ?? 'wk');
  if (options.gzip === true) headers['content-encoding'] = 'gzip';
  return { route, method: 'POST', headers, body: options.gzip === true ? gzipSync(text) : text };
}

/** A track event whose compact JSON is exactly `bytes` long (ASCII padding in properties.pad). */
export function trackOfSize(bytes: number, extra: Record<string, unknown> = {}): Record<string, unknown> {
  const base = { type: 'track', userId: 'u1', event: 'Sized', ...extra, properties: { pad: '' } };
  const overhead = Buffer.byteLength(JSON.stringify(base));
  if (bytes < overhead) throw new RangeError(`cannot build a ${bytes}-byte event; the smallest is ${overhead}`);
  return { ...base, properties: { pad: 'x'.repeat(bytes - overhead) } };
}
