import test from 'ava';
import fc from 'fast-check';
import { isDestinationEnabled, WEBHOOKS_DESTINATION } from '../../../src/domain/routing/index.js';

test('default: every destination enabled when there is no map or the map does not name it', (t) => {
  t.true(isDestinationEnabled(undefined));
  t.true(isDestinationEnabled(null));
  t.true(isDestinationEnabled({}));
  t.true(isDestinationEnabled({ Mixpanel: false }));
});

test('Webhooks: false filters; the key is case sensitive', (t) => {
  t.is(WEBHOOKS_DESTINATION, 'Webhooks');
  t.false(isDestinationEnabled({ Webhooks: false }));
  t.true(isDestinationEnabled({ webhooks: false }));
  t.true(isDestinationEnabled({ WEBHOOKS: false }));
});

test('All: false filters unless Webhooks is named true (or with options)', (t) => {
  t.false(isDestinationEnabled({ All: false }));
  t.true(isDestinationEnabled({ All: false, Webhooks: true }));
  t.true(isDestinationEnabled({ All: false, Webhooks: { apiKey: 'x' } }));
  t.false(isDestinationEnabled({ All: true, Webhooks: false }));
  t.true(isDestinationEnabled({ all: false }));
});

test('property: the explicit Webhooks entry decides; otherwise All decides', (t) => {
  fc.assert(
    fc.property(
      fc.option(fc.boolean(), { nil: undefined }),
      fc.option(fc.boolean(), { nil: undefined }),
      fc.dictionary(fc.string(), fc.boolean()),
      (webhooks, all, others) => {
        const map: Record<string, unknown> = { ...others };
        delete map.Webhooks;
        delete map.All;
        if (webhooks !== undefined) map.Webhooks = webhooks;
        if (all !== undefined) map.All = all;
        const expected = webhooks ?? all ?? true;
        return isDestinationEnabled(map) === expected;
      },
    ),
  );
  t.true(isDestinationEnabled({}));
});
