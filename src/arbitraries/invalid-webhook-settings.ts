import type fc from 'fast-check';
import { invalidVariant, without, withValue, type InvalidValue, type Mutation } from './invalid-variant.js';
import { webhookSettings } from './webhook-settings.js';

const onFirstEntry = (
  pointer: string,
  rule: string,
  description: string,
  change: (entry: Record<string, unknown>) => Record<string, unknown>,
): Mutation => ({
  pointer,
  rule,
  description,
  apply: (v) => {
    const [first, ...rest] = v.webhooks as Record<string, unknown>[];
    return { ...v, webhooks: [change({ ...first }), ...rest] };
  },
});

const MUTATIONS: readonly Mutation[] = [
  without('webhooks'),
  withValue('webhooks', [], 'minItems'),
  {
    pointer: '/webhooks',
    rule: 'maxItems',
    description: 'six webhooks',
    apply: (v) => ({ ...v, webhooks: Array.from({ length: 6 }, (_, i) => ({ url: `https://hooks.test/${i}` })) }),
  },
  withValue('sharedSecret', '', 'minLength'),
  onFirstEntry('/webhooks/0/url', 'pattern', 'a non-http URL', (e) => ({ ...e, url: 'ftp://hooks.test/in' })),
  onFirstEntry('/webhooks/0/url', 'required', 'the URL removed', ({ url: _url, ...e }) => e),
  onFirstEntry('/webhooks/0/headers', 'maxProperties', 'six static headers', (e) => ({
    ...e,
    headers: { 'X-A': '1', 'X-B': '2', 'X-C': '3', 'X-D': '4', 'X-E': '5', 'X-F': '6' },
  })),
  onFirstEntry('/webhooks/0/headers/content-type', 'propertyNames', 'a static header replacing Content-Type', (e) => ({
    ...e,
    headers: { 'content-type': 'text/plain' },
  })),
  onFirstEntry('/webhooks/0/headers/X-Signature', 'propertyNames', 'a static header replacing X-Signature', (e) => ({
    ...e,
    headers: { 'X-Signature': 'forged' },
  })),
  onFirstEntry('/webhooks/0/headers/X-Count', 'type', 'a non-string header value', (e) => ({
    ...e,
    headers: { 'X-Count': 5 },
  })),
];

/** Destination settings that break one rule of rule 2.1, with the expected violation. */
export function invalidWebhookSettings(): fc.Arbitrary<InvalidValue> {
  return invalidVariant(webhookSettings(), MUTATIONS);
}
