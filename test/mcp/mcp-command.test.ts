import test from 'ava';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { receiverClauses } from '../../conformance/index.js';
import { startSuiteReceiver } from '../conformance/helpers/reference-receiver.js';
import { startReceiver } from '../helpers/receiver.js';
import { repoRoot } from '../helpers/spawn-cli.js';
import { adminGet, refusal, startMcp, structured } from './helpers/mcp-process.js';

const TOOLS = [
  'query_journal',
  'wait_for_event',
  'list_deliveries',
  'get_delivery',
  'get_clock',
  'advance_clock',
  'run_until_idle',
  'inject_fault',
  'list_faults',
  'clear_faults',
  'list_runs',
  'create_run',
  'delete_run',
  'send_sample_calls',
  'send_webhook',
  'check_receiver',
];

const SHARED_SECRET = 'mcp-test-shared-secret-f3a9';
const HEADER_VALUE = 'mcp-test-header-value-77c1';

test('every tool of event-harness mcp over the mock it starts answers what the admin API answers, and no secret is shown', async (t) => {
  t.timeout(240_000, 'one mcp process, every tool, two receiver suite runs');
  const mcp = await startMcp(t);

  // The tools: each with a description an agent can act on and a closed JSON input schema.
  const { tools } = await mcp.client.listTools();
  t.deepEqual(tools.map((tool) => tool.name).sort(), [...TOOLS].sort());
  for (const tool of tools) {
    t.true((tool.description ?? '').length > 60, `${tool.name} has a description`);
    t.is(tool.inputSchema.type, 'object');
    t.is((tool.inputSchema as { additionalProperties?: unknown }).additionalProperties, false, tool.name);
  }

  // The clock.
  t.deepEqual(structured(t, await mcp.call('get_clock')), await adminGet(mcp.url, '/clock'));

  // Sample calls land in the journal; the journal tools answer what GET /events answers.
  const sent = structured(t, await mcp.call('send_sample_calls', { type: 'track', count: 2 }));
  const calls = sent.calls as { status: number; messageIds: string[] }[];
  t.deepEqual(
    calls.map((call) => call.status),
    [200, 200],
  );
  const page = structured(t, await mcp.call('query_journal', { limit: 1 }));
  const adminPage = await adminGet(mcp.url, '/events?limit=1&offset=0');
  t.is(page.total, adminPage.total);
  t.deepEqual(page.events, adminPage.events);
  t.is(page.nextOffset, 1);
  const second = structured(t, await mcp.call('query_journal', { properties: { orderId: 'order_2' } }));
  t.is(second.total, 1);
  const secondEntry = (second.events as { event: { messageId: string } }[])[0];
  t.is(secondEntry?.event.messageId, calls[1]?.messageIds[0]);
  const byText = structured(t, await mcp.call('query_journal', { text: 'ORDER_1', type: 'track' }));
  t.deepEqual(byText.events, (await adminGet(mcp.url, '/events?q=ORDER_1&type=track')).events);

  // wait_for_event: an entry already there, and one that arrives while it waits.
  const found = structured(t, await mcp.call('wait_for_event', { match: { type: 'track', userId: 'user_2' } }));
  t.deepEqual(found.entry, secondEntry);
  const waiting = mcp.call('wait_for_event', {
    match: { type: 'identify', traits: { plan: 'pro' } },
    timeoutMs: 20_000,
  });
  await mcp.call('send_sample_calls', { type: 'identify', userId: 'late-user' });
  const late = structured(t, await waiting);
  t.is((late.entry as { event: { userId: string } }).event.userId, 'late-user');
  t.regex(
    refusal(t, await mcp.call('wait_for_event', { match: { type: 'alias' }, timeoutMs: 200 })),
    /JOURNAL_WAIT_TIMEOUT: no matching journal entry arrived within 200 ms/,
  );

  // Deliveries of the default run (the built-in sample receiver), as GET /deliveries answers them.
  const deliveries = structured(t, await mcp.call('list_deliveries', {}));
  const adminDeliveries = await adminGet(mcp.url, '/deliveries?limit=20&offset=0');
  t.is(deliveries.total, adminDeliveries.total);
  t.deepEqual(deliveries.deliveries, adminDeliveries.deliveries);
  t.deepEqual(structured(t, await mcp.call('get_delivery', { id: 'd_1' })), await adminGet(mcp.url, '/deliveries/d_1'));

  // A run with a shared secret and a static header, delivering to a receiver that fails once, then takes it.
  const receiver = await startReceiver(t, (_request, index) => ({ status: index === 0 ? 503 : 200 }));
  const created = structured(
    t,
    await mcp.call('create_run', {
      name: 'mcp secrets',
      config: {
        sources: [
          {
            writeKey: 'mcp-run-key',
            destinations: {
              Webhooks: {
                sharedSecret: SHARED_SECRET,
                webhooks: [{ url: `${receiver.url}/hooks`, headers: { 'X-Api-Key': HEADER_VALUE } }],
              },
            },
          },
        ],
      },
    }),
  );
  const run = created.id as string;
  t.deepEqual(created.writeKeys, ['mcp-run-key']);
  t.is(created.clock, 'fake');
  const runs = structured(t, await mcp.call('list_runs'));
  t.deepEqual(runs, await adminGet(mcp.url, '/runs'));

  // A fault on the run's collection API: the next call is answered 503, then the fault is used up.
  const faults = structured(t, await mcp.call('inject_fault', { run, count: 1, status: 503 }));
  t.deepEqual(faults, await adminGet(mcp.url, `/runs/${run}/faults`));
  t.deepEqual(faults.faults, [{ fault: { status: 503 }, remaining: 1 }]);
  t.deepEqual(structured(t, await mcp.call('list_faults', { run })), faults);
  const faulted = structured(t, await mcp.call('send_sample_calls', { run, type: 'track' }));
  t.is((faulted.calls as { status: number }[])[0]?.status, 503);
  t.deepEqual(structured(t, await mcp.call('list_faults', { run })).faults, []);
  await mcp.call('inject_fault', { run, count: 5, reset: true });
  t.deepEqual(structured(t, await mcp.call('clear_faults', { run })), { faults: [] });

  const delivered = structured(t, await mcp.call('send_sample_calls', { run, type: 'track', userId: 'secret-user' }));
  t.is(delivered.writeKey, 'mcp-run-key');
  t.is((delivered.calls as { status: number }[])[0]?.status, 200);
  // The first attempt answered 503: pending until the fake clock reaches the retry.
  const pendingAnswer = structured(t, await mcp.call('wait_for_event', { run, match: { userId: 'secret-user' } }));
  t.is((pendingAnswer.entry as { status: string }).status, 'accepted');
  let runDeliveries = structured(t, await mcp.call('list_deliveries', { run }));
  for (
    let tries = 0;
    (runDeliveries.deliveries as { attempts: unknown[] }[])[0]?.attempts.length !== 1 && tries < 100;
    tries++
  )
    runDeliveries = structured(t, await mcp.call('list_deliveries', { run }));
  t.deepEqual(
    runDeliveries.deliveries,
    (await adminGet(mcp.url, `/runs/${run}/deliveries?limit=20&offset=0`)).deliveries,
  );
  const delivery = (
    runDeliveries.deliveries as {
      id: string;
      state: string;
      request: { headers: Record<string, string>; body: string };
    }[]
  )[0];
  t.is(delivery?.state, 'pending');
  t.is(
    delivery?.request.headers['X-Signature'],
    String(receiver.requests[0]?.headers['x-signature']),
    'the exact signature sent',
  );
  t.is(delivery?.request.body, receiver.requests[0]?.body, 'the exact body sent');
  t.is(receiver.requests[0]?.headers['x-api-key'], HEADER_VALUE, 'the receiver got the static header');
  t.regex(delivery?.request.headers['X-Api-Key'] ?? '', /^\[redacted sha256:[0-9a-f]{8}\]$/);
  t.deepEqual(
    structured(t, await mcp.call('get_delivery', { run, id: delivery?.id ?? '' })),
    await adminGet(mcp.url, `/runs/${run}/deliveries/${delivery?.id ?? ''}`),
  );

  // Moving the fake clock, then running until idle: the retry goes out and is taken.
  const moved = structured(t, await mcp.call('advance_clock', { run, ms: 1000 }));
  t.deepEqual(moved.clock, await adminGet(mcp.url, `/runs/${run}/clock`));
  t.is((moved.clock as { now: string }).now, '2024-01-01T00:00:01.000Z');
  const idle = structured(t, await mcp.call('run_until_idle', { run, budgetMs: 30_000 }));
  t.deepEqual(idle.deliveries, { pending: 0, delivered: 1, failed: 0, expired: 0 });
  t.deepEqual(idle.clock, await adminGet(mcp.url, `/runs/${run}/clock`));
  t.is(receiver.requests.length, 2);

  // One signed webhook to a receiver that verifies signatures and static headers.
  const suiteReceiver = await startSuiteReceiver(t, { secret: SHARED_SECRET, headers: { 'X-Api-Key': HEADER_VALUE } });
  const webhook = structured(
    t,
    await mcp.call('send_webhook', {
      url: suiteReceiver.url,
      secret: SHARED_SECRET,
      type: 'identify',
      data: { userId: 'u42' },
      headers: { 'X-Api-Key': HEADER_VALUE },
    }),
  );
  const got = suiteReceiver.requests.at(-1);
  const request = webhook.request as { headers: Record<string, string>; body: string };
  t.is(request.body, got?.body ?? '');
  t.is(request.headers['X-Signature'], String(got?.headers['x-signature']));
  t.regex(request.headers['X-Api-Key'] ?? '', /^\[redacted sha256:/);
  t.is((JSON.parse(request.body) as { userId: string; type: string }).userId, 'u42');
  t.like(webhook.verdict as object, { ok: true, outcome: 'delivered' });
  t.is((webhook.answer as { status: number }).status, 200);

  // The receiver suite, through the conformance public API: a correct receiver passes ...
  const passing = structured(
    t,
    await mcp.call('check_receiver', {
      url: suiteReceiver.url,
      secret: SHARED_SECRET,
      headers: { 'X-Api-Key': HEADER_VALUE },
      runs: 3,
      seed: 7,
    }),
  );
  t.true(passing.passed, JSON.stringify(passing.summary));
  t.is(passing.exitCode, 0);
  const report = passing.report as { seed: number; clauses: { id: string; title?: string }[] };
  t.is(report.seed, 7);
  t.deepEqual(
    report.clauses.map((clause) => clause.id),
    receiverClauses.map((clause) => clause.id),
  );
  t.true(report.clauses.every((clause) => typeof clause.title === 'string'));
  // ... and one that never checks signatures fails 5.1.signature.tampered, with the message and the replay.
  const careless = await startSuiteReceiver(t, { secret: SHARED_SECRET, steps: { verify: () => true } });
  const failing = structured(
    t,
    await mcp.call('check_receiver', {
      url: careless.url,
      secret: SHARED_SECRET,
      only: ['5.1.signature.tampered'],
      runs: 3,
      seed: 7,
    }),
  );
  t.false(failing.passed);
  t.is(failing.exitCode, 1);
  const failed = (
    failing.report as { clauses: { id: string; status: string; message?: string; replay?: string }[] }
  ).clauses.find((clause) => clause.status === 'fail');
  t.is(failed?.id, '5.1.signature.tampered');
  t.regex(
    failed?.replay ?? '',
    /event-harness check receiver .* --secret '?<secret>'? .*--only 5\.1\.signature\.tampered/,
  );
  t.truthy(failed?.message);

  // Deleting the run: its admin API is gone; a second delete is refused with the server's code.
  t.deepEqual(structured(t, await mcp.call('delete_run', { id: run })), { deleted: true, id: run });
  t.regex(refusal(t, await mcp.call('delete_run', { id: run })), /RUN_NOT_FOUND/);

  // No answer of any tool showed the shared secret or the static header's value.
  const everything = mcp.shown.join('\n');
  t.false(everything.includes(SHARED_SECRET), 'the shared secret is never shown');
  t.false(everything.includes(HEADER_VALUE), 'a static header value is never shown');
});

test('the docs pages are resources, rules.md first, read as the package ships them', async (t) => {
  const mcp = await startMcp(t);
  const { resources } = await mcp.client.listResources();
  t.is(resources[0]?.uri, 'event-harness://docs/rules.md');
  for (const page of ['receiver-suite.md', 'mock-service.md', 'runs.md', 'agents.md'])
    t.true(
      resources.some((resource) => resource.uri === `event-harness://docs/${page}`),
      page,
    );
  const read = await mcp.client.readResource({ uri: 'event-harness://docs/rules.md' });
  const first = read.contents[0] as { text?: string; mimeType?: string };
  t.is(first.mimeType, 'text/markdown');
  t.is(first.text, await readFile(path.join(repoRoot, 'docs/rules.md'), 'utf8'));
});

test('bad arguments get an error result naming the argument and what is expected, and the server goes on', async (t) => {
  const mcp = await startMcp(t);
  // An unknown argument, for every tool: refused with the names the tool takes, never dropped silently.
  for (const tool of TOOLS)
    t.regex(refusal(t, await mcp.call(tool, { bogus: 1 })), /unknown argument "bogus"; this tool takes/, tool);
  const cases: [string, Record<string, unknown>, RegExp][] = [
    ['query_journal', { limit: 'ten' }, /expected a whole number from 1 to 500, received "ten" at limit/],
    [
      'query_journal',
      { status: 'lost' },
      /expected one of accepted, rejected, duplicate, filtered, received "lost" at status/,
    ],
    ['wait_for_event', { match: { colour: 'red' } }, /unknown match key "colour"/],
    [
      'wait_for_event',
      { match: {}, timeoutMs: 600_000 },
      /expected a whole number from 1 to 60000, received 600000 at timeoutMs/,
    ],
    ['get_delivery', {}, /received nothing at id/],
    ['get_delivery', { id: 'd_404' }, /DELIVERY_NOT_FOUND/],
    ['advance_clock', { ms: -5 }, /received -5 at ms/],
    ['inject_fault', { status: 200 }, /expected a whole number from 300 to 599, received 200 at status/],
    ['inject_fault', { count: 2 }, /needs at least one of status, retryAfter, delayMs or reset/],
    [
      'send_sample_calls',
      { type: 'purchase' },
      /expected one of track, identify, page, screen, group, alias, batch, delete, received "purchase" at type/,
    ],
    ['create_run', { clock: 'slow' }, /expected one of fake, system, received "slow" at clock/],
    ['create_run', { config: { sources: 'none' } }, /INVALID_CONFIG/],
    ['send_webhook', { url: 'ftp://127.0.0.1/hooks' }, /TARGET_NOT_ALLOWED: url: expected an http or https URL/],
    [
      'send_webhook',
      { url: 'http://127.0.0.1:1/', headers: { 'X-Signature': 'x' } },
      /"X-Signature" may not be set: the service writes X-Signature itself.* at headers/,
    ],
    ['check_receiver', { url: 'http://127.0.0.1:1/', only: ['9.nope'] }, /9\.nope/],
  ];
  for (const [tool, args, expected] of cases)
    t.regex(refusal(t, await mcp.call(tool, args)), expected, `${tool} ${JSON.stringify(args)}`);
  // Nothing reaches past loopback unless the user allowed it (.invalid names never resolve, should the guard fail).
  for (const [tool, args, argument] of [
    ['send_webhook', { url: 'http://receiver.invalid/hooks' }, 'url'],
    ['check_receiver', { url: 'https://receiver.invalid/hooks' }, 'url'],
    [
      'create_run',
      {
        config: {
          sources: [{ writeKey: 'k', destinations: { Webhooks: { webhooks: [{ url: 'http://a.invalid/' }] } } }],
        },
      },
      'config/sources/0/destinations/Webhooks/webhooks/0/url',
    ],
  ] as const)
    t.regex(
      refusal(t, await mcp.call(tool, args)),
      new RegExp(`TARGET_NOT_ALLOWED: ${argument}: .*invalid is not on this machine's loopback .*--allow-target`),
      tool,
    );
  t.deepEqual(structured(t, await mcp.call('list_runs')), await adminGet(mcp.url, '/runs'), 'no run was created');
  // Still serving.
  t.deepEqual(structured(t, await mcp.call('get_clock')), await adminGet(mcp.url, '/clock'));
});
