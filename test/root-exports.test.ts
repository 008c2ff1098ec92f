import test from 'ava';
import { validate, type TrackMessage, type WebhookTrackPayload, type HarnessConfig } from '../src/index.js';

// The generated wire types are part of the root entry point: this file stops type-checking if one goes missing.
test('payloads typed with the root wire types validate against their schemas', (t) => {
  const call: TrackMessage = { type: 'track', userId: 'u1', event: 'Signed Up', properties: { plan: 'pro' } };
  const delivery: WebhookTrackPayload = {
    version: 1,
    type: 'track',
    userId: 'u1',
    event: 'Signed Up',
    timestamp: '2024-01-01T00:00:00.000Z',
  };
  const config: HarnessConfig = {
    sources: [{ writeKey: 'wk', destinations: { Webhooks: { webhooks: [{ url: 'https://example.test/hook' }] } } }],
  };
  t.deepEqual(
    [validate('track', call).ok, validate('webhook-track', delivery).ok, validate('harness-config', config).ok],
    [true, true, true],
  );
});
