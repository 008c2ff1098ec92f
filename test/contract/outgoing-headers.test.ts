// Issue 34, "hostile configuration": static headers that would break the framing of the service's own requests
// (Transfer-Encoding beside its Content-Length, Connection, Upgrade, Expect, other hop-by-hop headers, Host) or
// hold CR, LF or NUL are refused with a clear error by one rule, at config, admin and import time and in the CLI.
import test from 'ava';
import fc from 'fast-check';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { outgoingHeaderProblem, RESERVED_OUTGOING_HEADERS } from '../../src/contract/outgoing-headers.js';
import { compiledValidator } from '../../src/contract/validators.js';
import { parseConfig } from '../../src/core/config/load-config.js';
import { createHarness } from '../../src/harness/create-harness.js';
import { parseHeaderOption } from '../../src/cli/parse-header-option.js';
import { ConfigError, UsageError } from '../../src/errors/index.js';
import { runCli } from '../helpers/spawn-cli.js';

const FRAMING = ['Transfer-Encoding', 'Connection', 'Upgrade', 'Expect', 'Keep-Alive', 'TE', 'Trailer', 'Host'];

const webhooksWith = (headers: Record<string, string>) => ({ webhooks: [{ url: 'http://127.0.0.1:1/hook', headers }] });
const configWith = (headers: Record<string, string>) => ({
  sources: [{ writeKey: 'k', destinations: { Webhooks: webhooksWith(headers) } }],
});

test('the rule: framing, hop-by-hop and the service’s own header names are refused in any letter case; CR, LF, NUL and other control characters in values too', (t) => {
  for (const name of [...FRAMING, 'Content-Length', 'Content-Type', 'X-Signature', 'Proxy-Connection'])
    for (const spelled of [name, name.toLowerCase(), name.toUpperCase()])
      t.regex(outgoingHeaderProblem(spelled, 'x') ?? '', new RegExp(`"${spelled}"`), spelled);
  t.regex(outgoingHeaderProblem('Transfer-Encoding', 'chunked') ?? '', /frames each request itself/);
  for (const value of ['a\r\nX-Injected: 1', 'a\nb', 'a\rb', 'a\u0000b', 'a\u0007b', '€'])
    t.regex(outgoingHeaderProblem('X-Team', value) ?? '', /X-Team/, JSON.stringify(value));
  t.is(outgoingHeaderProblem('Authorization', 'Bearer abc'), undefined);
  t.is(outgoingHeaderProblem('X-Team', 'café\tv2'), undefined, 'tab and Latin-1 are what Node.js writes');
  t.is(outgoingHeaderProblem('User-Agent', 'mine/1.0'), undefined, 'a static header may replace User-Agent');
});

test('the settings schemas and the rule agree on every name, so the published contract says what the service does', (t) => {
  fc.assert(
    fc.property(
      fc.oneof(fc.constantFrom(...RESERVED_OUTGOING_HEADERS), fc.stringMatching(/^[A-Za-z][A-Za-z0-9-]{0,20}$/)),
      fc.boolean(),
      (name, upper) => {
        const spelled = upper ? name.toUpperCase() : name;
        const refused = outgoingHeaderProblem(spelled, 'v') !== undefined;
        // The schemas alone (their compiled validators), without the rule's own check beside them.
        const webhooks = compiledValidator('webhook-settings')(webhooksWith({ [spelled]: 'v' }));
        const actions = compiledValidator('actions-webhook-settings')({
          mappings: [{ url: 'http://127.0.0.1:1/a', headers: { [spelled]: 'v' } }],
        });
        return webhooks === !refused && actions === !refused;
      },
    ),
    { numRuns: 300 },
  );
  // Values: the Webhooks schema refuses what the rule refuses (Actions is stricter still: ASCII only).
  for (const value of ['a\r\nb', 'a\u0000b', 'a\u0007b', '€', 'café\tv2', 'plain'])
    t.is(
      compiledValidator('webhook-settings')(webhooksWith({ 'X-Team': value })),
      outgoingHeaderProblem('X-Team', value) === undefined,
      JSON.stringify(value),
    );
});

test('config time: a config with Transfer-Encoding, Connection or a CR/LF value is refused naming the pointer and why', (t) => {
  for (const [headers, pointer, why] of [
    [
      { 'Transfer-Encoding': 'chunked' },
      '/sources/0/destinations/Webhooks/webhooks/0/headers/Transfer-Encoding',
      /frames each request itself/,
    ],
    [{ Connection: 'close' }, '/sources/0/destinations/Webhooks/webhooks/0/headers/Connection', /connection/],
    [{ Upgrade: 'h2c' }, '/sources/0/destinations/Webhooks/webhooks/0/headers/Upgrade', /connection/],
    [{ 'X-Team': 'a\r\nX-Evil: 1' }, '/sources/0/destinations/Webhooks/webhooks/0/headers/X-Team', /CR/],
  ] as const) {
    const error = t.throws(() => parseConfig(configWith(headers), 'harness.json'), { instanceOf: ConfigError });
    t.true(error?.message.includes(pointer), error?.message);
    t.regex(error?.message ?? '', why);
  }
});

test('config time over the CLI: serve --config with a Transfer-Encoding static header exits 2 with the reason', async (t) => {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'eh-headers-'));
  t.teardown(() => rm(dir, { recursive: true, force: true }));
  await writeFile(path.join(dir, 'harness.json'), JSON.stringify(configWith({ 'Transfer-Encoding': 'chunked' })));
  const run = await runCli(['serve', '--config', 'harness.json'], { cwd: dir });
  t.is(run.code, 2);
  t.regex(run.stderr, /headers\/Transfer-Encoding.*frames each request itself/);
});

test('in process and admin time: a harness refuses to deliver with such settings, and POST /__harness/runs refuses the config', async (t) => {
  const harness = await createHarness({ config: configWith({ Expect: '100-continue' }) });
  t.teardown(() => harness.stop());
  const track = await fetch(`${harness.url}/v1/track`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ writeKey: 'k', userId: 'u', event: 'E' }),
  });
  t.not(track.status, 200, 'nothing is accepted that could not be delivered');
  const body = (await track.json()) as { message: string };
  t.regex(body.message, /headers\/Expect.*Expect/);

  const runs = await fetch(`${harness.url}/__harness/runs`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ config: configWith({ 'transfer-encoding': 'chunked' }) }),
  });
  t.is(runs.status, 400);
  const refused = (await runs.json()) as { code: string; message: string };
  t.is(refused.code, 'INVALID_CONFIG');
  t.regex(refused.message, /headers\/transfer-encoding.*frames each request itself/);
  const value = await fetch(`${harness.url}/__harness/runs`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ config: configWith({ 'X-Team': 'a\u0000b' }) }),
  });
  t.is(value.status, 400);
  t.regex(((await value.json()) as { message: string }).message, /NUL/);
});

test('the CLI: send and check receiver refuse the same headers by the same rule, exit 2', async (t) => {
  for (const pair of [
    'Transfer-Encoding: chunked',
    'connection: close',
    'Host: evil.example',
    'Content-Type: text/plain',
  ])
    t.throws(() => parseHeaderOption('send', pair), {
      instanceOf: UsageError,
      message: /--header ".*": the header ".*" may not be set/,
    });
  t.deepEqual(parseHeaderOption('send', 'X-Team: growth'), ['X-Team', 'growth']);
  const check = await runCli([
    'check',
    'receiver',
    'http://127.0.0.1:1/hook',
    '--header',
    'Transfer-Encoding: chunked',
  ]);
  t.is(check.code, 2);
  t.regex(check.stderr, /headers\/Transfer-Encoding: the header "Transfer-Encoding" may not be set/);
});
