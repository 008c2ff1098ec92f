import { randomUUID } from 'node:crypto';

/** The call types `send` and `trigger` have samples of. */
export const SAMPLE_TYPES = ['track', 'identify', 'page', 'screen', 'group', 'alias'] as const;
export type SampleType = (typeof SAMPLE_TYPES)[number];

export function isSampleType(value: string): value is SampleType {
  return (SAMPLE_TYPES as readonly string[]).includes(value);
}

/**
 * A realistic call of each type as a client sends it to the collection API: what `trigger` posts, and what
 * `send` turns into a webhook payload. `n` varies the ids so several calls are told apart.
 */
export function sampleCall(
  type: SampleType,
  options: { userId?: string; n?: number; at?: Date } = {},
): Record<string, unknown> {
  const n = options.n ?? 1;
  const userId = options.userId ?? `user_${n}`;
  const timestamp = (options.at ?? new Date()).toISOString();
  const context = { ip: '203.0.113.7', locale: 'en-GB', library: { name: 'event-harness', version: 'sample' } };
  const common = { messageId: randomUUID(), timestamp, context };
  switch (type) {
    case 'track':
      return {
        type,
        userId,
        event: 'Order Completed',
        properties: { orderId: `order_${n}`, total: 42.5, currency: 'EUR', products: [{ sku: 'SKU-1', quantity: 2 }] },
        ...common,
      };
    case 'identify':
      return { type, userId, traits: { email: `${userId}@example.com`, name: 'Ada Lovelace', plan: 'pro' }, ...common };
    case 'page':
      return {
        type,
        userId,
        name: 'Pricing',
        properties: {
          path: '/pricing',
          referrer: 'https://example.com/',
          title: 'Pricing',
          url: 'https://example.com/pricing',
        },
        ...common,
      };
    case 'screen':
      return {
        type,
        userId,
        name: 'Checkout',
        ...common,
        context: {
          ...context,
          device: { model: 'Pixel 8', type: 'android' },
          os: { name: 'Android', version: '15' },
          app: { build: '412', name: 'Shop', version: '4.1.2' },
        },
      };
    case 'group':
      return { type, userId, groupId: `group_${n}`, traits: { name: 'Initech', 'employee count': 120 }, ...common };
    case 'alias':
      return { type, previousId: `anonymous_${n}`, userId, ...common };
  }
}

/** What the service adds to an accepted call before it forwards it (the enrichment of docs/mock-service.md), for `send`. */
export function asAccepted(call: Record<string, unknown>, at: Date = new Date()): Record<string, unknown> {
  const now = at.toISOString();
  return {
    ...call,
    originalTimestamp: call.timestamp,
    sentAt: now,
    receivedAt: now,
    channel: 'server',
    integrations: {},
  };
}
