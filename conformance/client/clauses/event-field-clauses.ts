import { isDeepStrictEqual } from 'node:util';
import { clientClause, FOUNDATION } from './client-clause.js';
import { judgeEachEvent, type Session, session } from './wire-session.js';

const REQUIRED: Record<string, readonly string[]> = {
  track: ['event'],
  group: ['groupId'],
  alias: ['previousId', 'userId'],
  identify: [],
  page: [],
  screen: [],
};

export const requiredFieldsClause = clientClause<Session>({
  id: '2.3.required-fields',
  level: 'MUST',
  title: 'sends each call with its type, messageId, identity and the fields rule 2.3 requires',
  spec: 'rule 2.3, 4.3',
  requires: FOUNDATION,
  arbitrary: (context) => session(context),
  check: (context, value, id) =>
    judgeEachEvent(context, id, value, ({ event }, call) => {
      const problems: string[] = [];
      if (event.type !== call.op)
        problems.push(`type ${JSON.stringify(event.type)} (expected ${JSON.stringify(call.op)})`);
      if (typeof event.messageId !== 'string' || event.messageId === '')
        problems.push(`messageId ${JSON.stringify(event.messageId) ?? 'absent'} (expected a non-empty string)`);
      const identity = call.spec.identity;
      if (event[identity] !== call.message[identity])
        problems.push(
          `${identity} ${JSON.stringify(event[identity]) ?? 'absent'} (expected ${JSON.stringify(call.message[identity])})`,
        );
      for (const field of REQUIRED[call.op] ?? []) {
        if (event[field] !== call.message[field])
          problems.push(
            `${field} ${JSON.stringify(event[field]) ?? 'absent'} (expected ${JSON.stringify(call.message[field])})`,
          );
      }
      if (problems.length === 0) return undefined;
      return `The ${call.op} event of call ${call.index} was sent with ${problems.join(', ')}. Each event carries its type, a messageId, the caller's userId or anonymousId and the fields its kind requires (rule 2.3: track needs event, group groupId, alias previousId and userId), as given.`;
    }),
});

const asData = (value: unknown): unknown => (value === undefined ? undefined : JSON.parse(JSON.stringify(value)));

export const integrationsClause = clientClause<Session>({
  id: '2.4.integrations',
  level: 'MUST',
  title: 'passes the integrations map through as given',
  spec: 'rule 2.3 (each message can carry an integrations map), 2.4',
  requires: FOUNDATION,
  arbitrary: (context) => session(context, { integrations: 'always' }),
  check: (context, value, id) =>
    judgeEachEvent(context, id, value, (wire, call) => {
      // Calls without a map (the fillers) may carry none or the empty default ({}): nothing to pass through.
      if (call.spec.integrations === undefined) return undefined;
      // Compared as JSON data: generated maps may lack Object.prototype, received ones never do.
      if (isDeepStrictEqual(wire.integrations, asData(call.spec.integrations))) return undefined;
      return `The ${call.op} event of call ${call.index} was sent with integrations ${JSON.stringify(wire.integrations) ?? 'absent'}; the call gave ${JSON.stringify(call.spec.integrations)}. The service routes by this map (rule 2.4: keys are case-sensitive destination names, All: false disables every destination not named true), so send it unchanged, on the event or the batch envelope.`;
    }),
});
