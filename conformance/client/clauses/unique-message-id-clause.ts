import fc from 'fast-check';
import { callSpec, type CallSpec } from '../client-calls.js';
import { allEvents, isSuccess } from '../wire-events.js';
import { clientClause, collect, failed, FOUNDATION, topUp } from './client-clause.js';
import { callOf, SESSION_FLUSH_AFTER_MS } from './wire-session.js';

interface TwoSessions {
  readonly flushAt: number;
  readonly first: readonly CallSpec[];
  readonly second: readonly CallSpec[];
}

export const uniqueMessageIdClause = clientClause<TwoSessions>({
  id: '4.3.unique-message-ids',
  level: 'MUST',
  title: 'gives every call its own messageId, across client instances too',
  spec: 'rule 4.3; docs/decisions.md (events with a messageId already seen are deduplicated)',
  requires: FOUNDATION,
  arbitrary: (context) => {
    const calls = fc.array(callSpec({ screen: context.capabilities.has('screen') }), { minLength: 1, maxLength: 4 });
    return fc.record({ flushAt: fc.integer({ min: 1, max: 5 }), first: calls, second: calls });
  },
  async check(context, value, id) {
    const config = { flushAt: value.flushAt, flushAfterMs: SESSION_FLUSH_AFTER_MS };
    const run = await context.begin(id, config, []);
    await run.callAll(value.first);
    await topUp(run);
    const first = [...run.calls];
    await collect(context, run);
    // A second client in the same process: ids from a counter that restarts collide with the first's.
    await run.reinit(config);
    await run.callAll(value.second);
    await topUp(run);
    await collect(context, run);
    const owners = new Map<string, number>();
    // Only requests the service took: a refused request's ids were never recorded, so they cannot collide.
    for (const wire of allEvents(run.requests().filter(isSuccess))) {
      const call = callOf(run, wire);
      const messageId = wire.event.messageId;
      if (call === undefined || typeof messageId !== 'string') continue;
      const owner = owners.get(messageId);
      if (owner === undefined) owners.set(messageId, call.index);
      else if (owner !== call.index) {
        return failed(
          run,
          `Calls ${owner} and ${call.index} were sent with the same messageId ${JSON.stringify(messageId)}${call.index >= first.length && owner < first.length ? ' (one from each client instance)' : ''}. The service keeps the first event with a messageId and drops later ones as duplicates (docs/decisions.md), so the second call is lost: generate a fresh random id (a UUID) per call, not a counter or a clock reading.`,
        );
      }
    }
    return undefined;
  },
});
