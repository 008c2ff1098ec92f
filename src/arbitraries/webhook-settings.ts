import fc from 'fast-check';

export interface WebhookSettingsConstraints {
  /** Webhook entries, 1..5 by default (rule 2.1). */
  readonly maxWebhooks?: number;
  /** Whether a shared secret is set: always, never or either (default). */
  readonly secret?: 'always' | 'never' | 'either';
}

const headerName = fc.stringMatching(/^X-[A-Za-z0-9-]{1,16}$/);

/** Destination settings of rule 2.1: up to 5 http(s) URLs, up to 5 static headers each, an optional secret. */
export function webhookSettings(constraints: WebhookSettingsConstraints = {}): fc.Arbitrary<Record<string, unknown>> {
  const entry = fc.record(
    {
      url: fc.webUrl({ validSchemes: ['http', 'https'] }),
      headers: fc.dictionary(headerName, fc.string({ maxLength: 20 }), { maxKeys: 5, noNullPrototype: true }),
    },
    { requiredKeys: ['url'] },
  );
  const webhooks = fc.array(entry, { minLength: 1, maxLength: Math.min(5, constraints.maxWebhooks ?? 5) });
  const secret = fc.string({ minLength: 1, maxLength: 40 });
  const mode = constraints.secret ?? 'either';
  if (mode === 'never') return webhooks.map((list) => ({ webhooks: list }));
  if (mode === 'always') return fc.record({ sharedSecret: secret, webhooks });
  return fc.record({ sharedSecret: secret, webhooks }, { requiredKeys: ['webhooks'] });
}
