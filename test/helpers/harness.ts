import type { ExecutionContext } from 'ava';
import { createHarness, type Harness, type HarnessOptions } from '../../src/harness/create-harness.js';
import { withTestStore } from './harness-store.js';

/**
 * A harness on port 0 that stops when the test ends; on the store EVENT_HARNESS_TEST_STORE names (a fresh
 * PostgreSQL database per harness when it is `postgres`, see harness-store.ts).
 */
export async function startHarness(t: ExecutionContext, options: HarnessOptions = {}): Promise<Harness> {
  const { options: stored, cleanup } = await withTestStore(options);
  const harness = await createHarness(stored).catch(async (error: unknown) => {
    await cleanup();
    throw error;
  });
  t.teardown(async () => {
    await harness.stop();
    await cleanup();
  });
  return harness;
}

export const basicAuth = (writeKey: string) => `Basic ${Buffer.from(`${writeKey}:`).toString('base64')}`;

/** POSTs JSON to the harness and returns status, headers and parsed body. */
export async function postJson(
  url: string,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<{ status: number; headers: Headers; body: Record<string, unknown> }> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  const text = await response.text();
  return {
    status: response.status,
    headers: response.headers,
    body: text === '' ? {} : (JSON.parse(text) as Record<string, unknown>),
  };
}

export async function getJson(url: string): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await fetch(url);
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}
