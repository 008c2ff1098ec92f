import test from 'ava';
import * as client from '../../src/actors/client/index.js';
import * as collection from '../../src/domain/collection/index.js';
import {
  DELIVERY_TIMEOUT_MS,
  MAX_BATCH_EVENTS,
  MAX_EVENT_BYTES,
  MAX_REQUEST_BYTES,
  MAX_STATIC_HEADERS,
  RETRY_WINDOW_MS,
} from '../../src/contract/spec-limits.js';
import { schemaDocuments } from '../../src/contract/index.js';
import { DEFAULT_RETRY_POLICY } from '../../src/domain/delivery/index.js';

test('the limits of the rules, once: 32 KiB an event, 500 KiB a request, 2,500 events, 5 s, 4 hours', (t) => {
  t.deepEqual(
    [MAX_EVENT_BYTES, MAX_REQUEST_BYTES, MAX_BATCH_EVENTS, DELIVERY_TIMEOUT_MS, RETRY_WINDOW_MS],
    [32_768, 512_000, 2_500, 5_000, 14_400_000],
  );
});

test('the client subpath and the collection API show the same constants, under their public names', (t) => {
  t.is(client.MAX_MESSAGE_BYTES, MAX_EVENT_BYTES);
  t.is(client.MAX_BATCH_BYTES, MAX_REQUEST_BYTES);
  t.is(client.MAX_BATCH_EVENTS, MAX_BATCH_EVENTS);
  t.is(collection.MAX_EVENT_BYTES, MAX_EVENT_BYTES);
  t.is(collection.MAX_REQUEST_BYTES, MAX_REQUEST_BYTES);
  t.is(DEFAULT_RETRY_POLICY.windowMs, RETRY_WINDOW_MS);
});

test('the static header limit is the one the settings schema validates: 5 a URL', (t) => {
  interface SettingsSchema {
    properties: { webhooks: { items: { properties: { headers: { maxProperties: number } } } } };
  }
  const classic = schemaDocuments['webhook-settings'] as unknown as SettingsSchema;
  t.is(classic.properties.webhooks.items.properties.headers.maxProperties, MAX_STATIC_HEADERS);
  t.is(MAX_STATIC_HEADERS, 5);
});
