// For arbitrary call sequences, sizes and server fault schedules: every valid message is delivered exactly
// once and in call order, no request exceeds 500 KiB, and refused messages never reach the server.
import test from 'ava';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import {
  collectionMessage,
  invalidCollectionMessage,
  type CollectionMessageType,
} from '../../../src/arbitraries/index.js';
import type { Client } from '../../../src/actors/client/index.js';
import { MAX_BATCH_BYTES } from '../../../src/actors/client/index.js';
import type { FaultRule } from '../../../src/core/faults/fault-plan.js';
import { createClientRig } from './client-test-kit.js';

const TYPES: readonly CollectionMessageType[] = ['identify', 'track', 'page', 'screen', 'group', 'alias'];

type Call =
  | { readonly valid: true; readonly message: Record<string, unknown> }
  | { readonly valid: false; readonly message: Record<string, unknown> };

const withoutId = (message: Record<string, unknown>) => {
  const { messageId: _dropped, ...rest } = message;
  return rest;
};

const validCall = fc
  .oneof(
    { weight: 4, arbitrary: collectionMessage({ maxDepth: 2, maxKeys: 4 }) },
    { weight: 2, arbitrary: collectionMessage({ maxDepth: 1, targetBytes: { min: 15_000, max: 36_000 } }) },
  )
  .map((message): Call => ({ valid: true, message: withoutId(message) }));

const invalidCall = fc
  .constantFrom(...TYPES)
  .chain((type) => invalidCollectionMessage({ type }))
  .map((invalid): Call => ({ valid: false, message: invalid.value as Record<string, unknown> }));

// Faults the client must ride out: 5xx, 408, 429 with Retry-After, dropped connections, slow answers (some past the timeout).
const fault: fc.Arbitrary<FaultRule> = fc.oneof(
  fc.constantFrom(500, 502, 503, 504, 408).map((status) => ({ count: 1, status })),
  fc.integer({ min: 0, max: 3 }).map((retryAfter) => ({ count: 1, status: 429, retryAfter })),
  fc.constant({ count: 1, reset: true }),
  fc.integer({ min: 100, max: 1_500 }).map((delayMs) => ({ count: 1, delayMs })),
);

const mixed = fc.record({
  calls: fc.array(fc.oneof({ weight: 4, arbitrary: validCall }, { weight: 1, arbitrary: invalidCall }), {
    minLength: 1,
    maxLength: 60,
    size: 'medium',
  }),
  faults: fc.array(fault, { maxLength: 6 }),
  flushAt: fc.integer({ min: 1, max: 60 }),
  flushMidway: fc.boolean(),
});

// Mostly messages of 20-32 KiB with a flushAt high enough that flushAt of them would pass 500 KiB: the
// client must split by size, not only by count.
const bigCall = collectionMessage({ maxDepth: 1, targetBytes: { min: 20_000, max: 32_000 } }).map(
  (message): Call => ({ valid: true, message: withoutId(message) }),
);
const bulky = fc.record({
  calls: fc.array(
    fc.oneof(
      { weight: 6, arbitrary: bigCall },
      { weight: 1, arbitrary: validCall },
      { weight: 1, arbitrary: invalidCall },
    ),
    { minLength: 25, maxLength: 60 },
  ),
  faults: fc.array(fault, { maxLength: 3 }),
  flushAt: fc.integer({ min: 25, max: 60 }),
  flushMidway: fc.boolean(),
});

const scenario = fc.oneof({ weight: 2, arbitrary: mixed }, { weight: 1, arbitrary: bulky });

async function checkScenario({
  calls,
  faults,
  flushAt,
  flushMidway,
}: {
  calls: Call[];
  faults: FaultRule[];
  flushAt: number;
  flushMidway: boolean;
}): Promise<void> {
  const rig = await createClientRig({ flushAt, timeout: 1_000 });
  try {
    for (const rule of faults) rig.harness.faults.add(rule);
    const delivered: string[] = [];
    for (const [index, call] of calls.entries()) {
      const type = call.message.type as keyof Client & CollectionMessageType;
      let id: string | undefined;
      try {
        id = rig.client[type](call.message as never);
      } catch (error) {
        // A valid message may only be refused for size (the arbitrary pads some past 32 KiB).
        assert.ok(
          !call.valid || (error as { code?: string }).code === 'EVENT_TOO_LARGE',
          `a valid ${type} was refused: ${(error as Error).message}`,
        );
      }
      if (!call.valid)
        assert.equal(id, undefined, `an invalid ${type} was accepted: ${JSON.stringify(call.message).slice(0, 200)}`);
      if (id !== undefined) delivered.push(id);
      if (flushMidway && index === Math.floor(calls.length / 2)) await rig.drive(rig.client.flush());
    }
    const result = await rig.drive(rig.client.close());
    assert.equal(result.failed.length, 0, 'nothing failed');
    // Accepted or filtered (kept, but not routed to Webhooks by its integrations map): not duplicate, not rejected.
    const accepted = rig.harness.journal
      .query()
      .events.filter((e) => e.status === 'accepted' || e.status === 'filtered')
      .map((e) => e.event.messageId);
    assert.deepEqual(accepted, delivered, 'every valid message exactly once, in call order');
    assert.equal(rig.harness.journal.counts().rejected, 0, 'nothing invalid reached the server');
    if (process.env.PROP_DEBUG !== undefined)
      console.log(calls.length, delivered.length, rig.requests.map((r) => `${r.status}:${r.bytes}`).join(' '));
    for (const request of rig.requests)
      assert.ok(request.bytes <= MAX_BATCH_BYTES, `a request of ${request.bytes} bytes`);
  } finally {
    await rig.stop();
  }
}

test('valid messages arrive exactly once and in order; requests stay under 500 KiB; refused ones never arrive', async (t) => {
  await t.notThrowsAsync(fc.assert(fc.asyncProperty(scenario, checkScenario), { numRuns: 24 }));
});
