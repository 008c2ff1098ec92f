import test from 'ava';
import { mkdtemp, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { loadConfigFile, parseConfig } from '../../../src/core/config/index.js';

test('loads a valid file and reads its CA files relative to it', async (t) => {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'eh-load-'));
  await writeFile(path.join(dir, 'ca.pem'), '-----BEGIN CERTIFICATE-----\nabc\n-----END CERTIFICATE-----\n');
  await writeFile(
    path.join(dir, 'c.json'),
    JSON.stringify({ sources: [{ writeKey: 'k' }], tls: { ca: ['ca.pem'] }, strict: true }),
  );
  const loaded = await loadConfigFile('c.json', dir);
  t.deepEqual(loaded.config.sources, [{ writeKey: 'k' }]);
  t.is(loaded.caCertificates.length, 1);
  t.regex(loaded.caCertificates[0] ?? '', /BEGIN CERTIFICATE/);
});

test('bad JSON, schema violations and missing CA files are ConfigErrors naming the place', async (t) => {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'eh-load-'));
  await writeFile(path.join(dir, 'broken.json'), '{ "sources": [');
  await t.throwsAsync(loadConfigFile('broken.json', dir), {
    code: 'INVALID_CONFIG',
    message: /broken\.json is not valid JSON/,
  });
  await writeFile(path.join(dir, 'ca-missing.json'), JSON.stringify({ tls: { ca: ['nope.pem'] } }));
  await t.throwsAsync(loadConfigFile('ca-missing.json', dir), {
    code: 'INVALID_CONFIG',
    message: /cannot read the CA file .*nope\.pem named in \/tls\/ca/,
  });
  t.throws(() => parseConfig({ sources: [{ name: 'no key' }], extra: 1 }), {
    code: 'INVALID_CONFIG',
    message:
      /\/sources\/0\/writeKey is required.*\/extra is not an allowed property|\/extra is not an allowed property.*\/sources\/0\/writeKey is required/,
  });
  t.throws(
    () =>
      parseConfig({
        sources: [
          {
            writeKey: 'k',
            destinations: { Webhooks: { webhooks: Array.from({ length: 6 }, () => ({ url: 'https://x.test' })) } },
          },
        ],
      }),
    { message: /\/sources\/0\/destinations\/Webhooks\/webhooks must NOT have more than 5 items/ },
  );
});

test('a config file sets projectId, payloadVersion and httpConfig per source, and the run-wide ones; bad values name their place', async (t) => {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'eh-load-'));
  const httpConfig = { backoffConfig: { statusCodeOverrides: { '503': 'drop' }, baseBackoffInterval: 0.1 } };
  await writeFile(
    path.join(dir, 'settings.json'),
    JSON.stringify({
      sources: [{ writeKey: 'k', projectId: 'src_k', payloadVersion: 2, httpConfig }],
      delivery: { payloadVersion: 2 },
      httpConfig: { rateLimitConfig: { maxRetryCount: 0 } },
    }),
  );
  const loaded = await loadConfigFile('settings.json', dir);
  t.like(loaded.config, {
    sources: [{ writeKey: 'k', projectId: 'src_k', payloadVersion: 2, httpConfig }],
    delivery: { payloadVersion: 2 },
    httpConfig: { rateLimitConfig: { maxRetryCount: 0 } },
  });
  t.throws(() => parseConfig({ delivery: { payloadVersion: 3 } }), {
    code: 'INVALID_CONFIG',
    message: /\/delivery\/payloadVersion/,
  });
  t.throws(
    () => parseConfig({ sources: [{ writeKey: 'k', httpConfig: { backoffConfig: { default5xxBehavior: 'later' } } }] }),
    { code: 'INVALID_CONFIG', message: /\/sources\/0\/httpConfig\/backoffConfig\/default5xxBehavior/ },
  );
});
