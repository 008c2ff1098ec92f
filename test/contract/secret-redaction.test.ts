// No admin answer, stream message, inspector file, log line or error message holds a configured secret
// (issue 16: shared secrets, static header values, URL passwords).
import test from 'ava';
import { mkdtemp, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fingerprint, redactSettings, redactUrlPasswords } from '../../src/contract/secret-redaction.js';
import { parseConfig } from '../../src/core/config/index.js';
import { runCli, startServe } from '../helpers/spawn-cli.js';
import { startReceiver } from '../helpers/receiver.js';

const SECRET = 'hunter2-shared-SECRET-value';
const API_KEY = 'ak_live_STATIC_HEADER_VALUE_42';
const PASSWORD = 'url-PASSWORD-s3cr3t';
const SECRETS = [SECRET, API_KEY, PASSWORD];

function leaks(text: string): string[] {
  return SECRETS.filter((secret) => text.includes(secret) || text.includes(encodeURIComponent(secret)));
}

test('settings show that a secret is set, with a short fingerprint; URL passwords are masked', (t) => {
  const shown = redactSettings({
    writeKey: 'wk',
    destinations: {
      Webhooks: {
        sharedSecret: SECRET,
        webhooks: [{ url: `https://bob:${PASSWORD}@hooks.test/x?y=1`, headers: { 'X-Api-Key': API_KEY } }],
      },
    },
  });
  t.deepEqual(shown, {
    writeKey: 'wk',
    destinations: {
      Webhooks: {
        sharedSecret: `[redacted ${fingerprint(SECRET)}]`,
        webhooks: [
          { url: 'https://bob:****@hooks.test/x?y=1', headers: { 'X-Api-Key': `[redacted ${fingerprint(API_KEY)}]` } },
        ],
      },
    },
  });
  t.regex(fingerprint(SECRET), /^sha256:[0-9a-f]{8}$/);
  t.not(fingerprint(SECRET), fingerprint(API_KEY));
  t.is(
    redactUrlPasswords(`cannot reach http://u:${PASSWORD}@a.test and https://v:w@b.test/`),
    'cannot reach http://u:****@a.test and https://v:****@b.test/',
  );
});

test('config errors name the pointer but not a secret, a header value or a URL password', (t) => {
  const bad = {
    sources: [
      {
        writeKey: 'wk',
        destinations: {
          Webhooks: {
            sharedSecret: SECRET,
            webhooks: [
              { url: `ftp://bob:${PASSWORD}@hooks.test/${'x'.repeat(80)}`, headers: { 'X-Api-Key': `${API_KEY}\n` } },
            ],
          },
        },
      },
    ],
  };
  const error = t.throws(() => parseConfig(bad, 'harness.json'));
  t.regex(String(error?.message), /harness\.json is not a valid harness config/);
  t.deepEqual(leaks(`${error?.message} ${JSON.stringify((error as { violations?: unknown }).violations ?? '')}`), []);
});

test('config errors quote no secret of another type, and no header value inside a quoted object', (t) => {
  const NUMERIC_SECRET = 918273645;
  const NUMERIC_HEADER = 564738291;
  const shapes: [string, unknown][] = [
    // A secret or header value of the wrong type was quoted as received ("received number 918273645").
    [
      'a number as secret and header value',
      {
        sharedSecret: NUMERIC_SECRET,
        webhooks: [{ url: 'https://h.test/', headers: { 'X-Api-Key': NUMERIC_HEADER } }],
      },
    ],
    // Too many headers quoted the whole headers object, values and all.
    [
      'six headers',
      {
        webhooks: [
          {
            url: 'https://h.test/',
            headers: { A: API_KEY, B: '2', C: '3', D: '4', E: '5', F: '6' },
          },
        ],
      },
    ],
    // Six webhooks quoted the list with its entries' headers.
    [
      'six webhooks',
      { webhooks: Array.from({ length: 6 }, () => ({ headers: { K: API_KEY }, url: 'https://h.test/' })) },
    ],
    // A settings object of the wrong shape quoted with its secret.
    ['webhooks as an object', { sharedSecret: SECRET, webhooks: { headers: { K: API_KEY } } }],
  ];
  for (const [name, webhooks] of shapes) {
    const error = t.throws(() => parseConfig({ sources: [{ writeKey: 'wk', destinations: { Webhooks: webhooks } }] }));
    const shown = `${error?.message} ${JSON.stringify((error as { violations?: unknown }).violations ?? '')}`;
    t.deepEqual(leaks(shown), [], name);
    t.false(shown.includes(String(NUMERIC_SECRET)) || shown.includes(String(NUMERIC_HEADER)), name);
    t.regex(shown, /\/sources\/0\/destinations\/Webhooks/, `${name}: the error still names the pointer`);
  }
});

test('serve with secrets configured: admin answers, the stream, the inspector, debug logs and errors never show them', async (t) => {
  const receiver = await startReceiver(t, (_r, i) => (i === 0 ? { status: 503 } : { status: 200 }));
  const hook = new URL(receiver.url);
  hook.username = 'bob';
  hook.password = PASSWORD;
  const dir = await mkdtemp(path.join(os.tmpdir(), 'eh-secrets-'));
  const config = {
    sources: [
      {
        writeKey: 'wk',
        destinations: {
          Webhooks: { sharedSecret: SECRET, webhooks: [{ url: hook.toString(), headers: { 'X-Api-Key': API_KEY } }] },
        },
      },
    ],
  };
  await writeFile(path.join(dir, 'harness.json'), JSON.stringify(config));
  const serve = await startServe(t, ['--config', 'harness.json', '--clock', 'fake', '--log-level', 'debug'], {
    cwd: dir,
  });
  const json = { 'content-type': 'application/json' };
  const post = (p: string, body: unknown) =>
    fetch(`${serve.url}${p}`, { method: 'POST', headers: json, body: JSON.stringify(body) });
  // A stream reader, open while everything happens.
  const controller = new AbortController();
  const stream = await fetch(`${serve.url}/__harness/stream`, { signal: controller.signal });
  const reader = (stream.body as ReadableStream<Uint8Array>).getReader();
  let streamed = '';
  const reading = (async () => {
    for (;;) {
      const { done, value } = await reader.read().catch(() => ({ done: true, value: undefined }));
      if (done) return;
      streamed += Buffer.from(value ?? new Uint8Array()).toString('utf8');
    }
  })();
  t.is((await post('/v1/track', { writeKey: 'wk', userId: 'u1', event: 'Signed Up' })).status, 200);
  t.is((await post('/__harness/clock/run-until-idle', {})).status, 200);
  t.is(receiver.requests.length, 2, 'the receiver got the real values: a 503, then the retry');
  t.is(receiver.requests[1]?.headers['x-api-key'], API_KEY);
  const deliveries = (await (await fetch(`${serve.url}/__harness/deliveries`)).json()) as {
    deliveries: { id: string; request: { headers: Record<string, string> } }[];
  };
  const id = deliveries.deliveries[0]?.id ?? '';
  t.is(
    deliveries.deliveries[0]?.request.headers['X-Api-Key'],
    `[redacted ${fingerprint(API_KEY)}]`,
    'shown as set, with a fingerprint',
  );
  const answers: string[] = [JSON.stringify(deliveries)];
  for (const p of [
    '/__harness/sources',
    `/__harness/deliveries/${id}`,
    '/__harness/events',
    '/__harness/requests',
    `/__harness/deliveries?q=${encodeURIComponent(PASSWORD)}`,
    `/__harness/deliveries?q=${encodeURIComponent(API_KEY)}`,
    '/__harness/openapi.json',
    '/',
    '/inspector/app.js',
  ]) {
    answers.push(await (await fetch(`${serve.url}${p}`)).text());
  }
  const probe = (await (await fetch(`${serve.url}/__harness/deliveries?q=${encodeURIComponent(PASSWORD)}`)).json()) as {
    total: number;
  };
  t.is(probe.total, 0, 'a search cannot probe a URL password');
  answers.push(await (await post(`/__harness/deliveries/${id}/redeliver`, {})).text());
  await post('/__harness/clock/run-until-idle', {});
  // An invalid delivery setting sent to a route that validates settings: its message is redacted too.
  answers.push(
    await (await post('/__harness/deletions', { userIds: ['u1'], writeKeys: [`http://x:${PASSWORD}@y.test`] })).text(),
  );
  controller.abort();
  await reading;
  t.is(await serve.stop(), 0);
  t.regex(serve.stderr(), /delivery d_1 track attempt 1 -> /, 'delivery logging did run');
  t.regex(serve.stderr(), /bob:\*\*\*\*@127\.0\.0\.1/, 'the URL shows, its password masked');
  t.deepEqual(leaks(answers.join('\n')), [], 'admin answers and the inspector');
  t.true(streamed.includes('event: update'));
  t.deepEqual(leaks(streamed), [], 'the stream');
  t.deepEqual(leaks(serve.stderr()), [], 'log lines');

  // A config file that is not JSON: the error quotes no text around the fault.
  await writeFile(
    path.join(dir, 'broken.json'),
    `{"sources": [{"writeKey": "wk", "destinations": {"Webhooks": {"sharedSecret": "${SECRET}", "webhooks": [{"url": "http://u:${PASSWORD}@h.test"}]}}} oops`,
  );
  const broken = await runCli(['serve', '--config', 'broken.json'], { cwd: dir });
  t.is(broken.code, 2);
  t.regex(broken.stderr, /broken\.json is not valid JSON/);
  t.deepEqual(leaks(broken.stderr + broken.stdout), []);
});
