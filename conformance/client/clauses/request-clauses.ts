import { describeRefusal } from '../request-log.js';
import { writeKeysOf } from '../wire-events.js';
import { acceptedCalls, clientClause, collect, failed, refusedValidCall } from './client-clause.js';
import type { ClientRun } from '../client-context.js';
import { describeCliExit, describeCliOutput } from '../e2e-cli/cli-run-record.js';
import { type Session, session, startSession } from './wire-session.js';

export const validCallsClause = clientClause<Session>({
  id: '2.3.valid-calls',
  level: 'MUST',
  title: 'queues every valid call of rule 2.3 (the driver answers ok)',
  spec: 'rule 2.3, 4.3 (each operation: message queued)',
  notInE2eCli:
    "the CLI takes a run's calls at once and prints one result for the run, with no answer per call (whether the valid calls are sent is judged by 4.3.delivered)",
  arbitrary: (context) => session(context),
  async check(context, value, id) {
    const run = await startSession(context, id, value);
    return refusedValidCall(run);
  },
});

export const acceptedClause = clientClause<Session>({
  id: '4.2.accepted',
  level: 'MUST',
  title: 'sends requests the collection API accepts (2xx): a route, a JSON body and a content type it takes',
  spec: 'rule 4.2; docs/decisions.md (collection API routes and bodies)',
  requires: ['5.3.write-key'],
  arbitrary: (context) => session(context),
  async check(context, value, id) {
    const run = await startSession(context, id, value);
    await collect(context, run);
    const refused = run.requests().filter((r) => r.status !== undefined && r.status >= 400 && r.status < 500);
    if (refused.length === 0) return undefined;
    return failed(
      run,
      `The mock collection API refused ${refused.length} of the ${run.requests().length} requests of a run without faults: ${refused.slice(0, 3).map(describeRefusal).join('; ')}. Nothing in a refused request reaches the service, so no other clause can judge it. Send POST /v1/batch (or a single-call route) with a JSON body the service parses (docs/decisions.md).`,
    );
  },
});

export const writeKeyClause = clientClause<Session>({
  id: '5.3.write-key',
  level: 'MUST',
  title: 'carries the write key on every request (Basic auth user name or writeKey in the body)',
  spec: 'rule 2.5, 5.3; docs/decisions.md',
  // Without faults: this clause is the root every other waits on, and a 5xx here would cost the client's whole
  // backoff (1-2 s a run for @segment/analytics-node). The key on retried requests is judged by the retry clauses.
  arbitrary: (context) => session(context),
  // Every other clause waits for this one, and the key does not depend on the calls: eight sessions of 1-6 calls
  // (every kind, batches of 1-5) show whether each request carries it, instead of the suite's twenty.
  property: { maxRuns: 8 },
  async check(context, value, id) {
    const run = await startSession(context, id, value);
    await collect(context, run);
    if (run.requests().length === 0 && acceptedCalls(run).length > 0) {
      return failed(
        run,
        `After ${run.calls.length} calls with flushAt ${run.config.flushAt} (whole batches) and a close, the mock received no request, so no write key could be seen. A batch leaves when flushAt calls are queued (rule 4.3.2), and close sends what is left, carrying the write key.${context.protocol === 'e2e-cli' ? ` ${e2eHostHint(run)}` : ''}`,
      );
    }
    for (const [index, request] of run.requests().entries()) {
      const keys = writeKeysOf(request);
      if (keys.basic === run.writeKey || keys.body === run.writeKey) continue;
      const carried = [
        `Authorization ${request.headers.authorization === undefined ? 'absent' : JSON.stringify(request.headers.authorization)}${keys.basic !== undefined ? ` (user name ${JSON.stringify(keys.basic)})` : ''}`,
        `body writeKey ${keys.body === undefined ? 'absent' : JSON.stringify(keys.body)}`,
      ].join(', ');
      return failed(
        run,
        `Request ${index + 1} (POST /v1/${request.route}) did not carry the write key ${JSON.stringify(run.writeKey)} from ${context.writeKeySource}: ${carried}${request.status !== undefined ? `; the mock answered ${request.status}` : ''}. Send it as HTTP Basic auth with the key as user name and an empty password (Authorization: Basic base64("KEY:")), or as "writeKey" in the body, on every request including retries (rule 2.5, 5.3; docs/decisions.md).`,
      );
    }
    return undefined;
  },
});

/** Where an e2e CLI was told to send, and what it printed: the usual reason nothing arrives is a wrong apiHost. */
function e2eHostHint(run: ClientRun): string {
  const start = run.cliRuns().at(-1);
  if (start === undefined) return '';
  return `The e2e CLI was given apiHost ${JSON.stringify(start.input.apiHost)}; it ${describeCliExit(start)} and ${describeCliOutput(start)}. An SDK that expects /v1 inside apiHost (C#, React Native, Kotlin, Swift) needs --api-path /v1.`;
}
