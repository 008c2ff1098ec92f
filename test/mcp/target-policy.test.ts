import test from 'ava';
import { allowedTarget, isLoopbackHost, urlsIn } from '../../src/mcp/target-policy.js';
import { TargetNotAllowedError } from '../../src/errors/config-errors.js';

const none = { allowedHosts: [] };

test('loopback is 127.0.0.0/8, ::1 (IPv4-mapped too) and the name localhost; nothing else, whatever DNS says', (t) => {
  for (const url of [
    'http://127.0.0.1/',
    'http://127.8.9.10:3000/',
    'http://[::1]/',
    'http://localhost:1/',
    'http://LOCALHOST/',
    'http://[::ffff:127.0.0.1]/',
    'http://2130706433/',
  ])
    t.true(isLoopbackHost(new URL(url).hostname), url);
  for (const url of [
    'http://10.0.0.1/',
    'http://192.168.1.1/',
    'http://0.0.0.0/',
    'http://[::ffff:10.0.0.1]/',
    'http://[fe80::1]/',
    'http://example.com/',
    'http://localhost.example.com/',
    'http://127.0.0.1.nip.io/',
  ])
    t.false(isLoopbackHost(new URL(url).hostname), url);
});

test('a URL off loopback is refused naming the argument and the flag, unless the user allowed its host', (t) => {
  t.is(allowedTarget('http://127.0.0.1:3000/hooks', 'url', none).port, '3000');
  const error = t.throws(() => allowedTarget('https://hooks.internal/x', 'url', none), {
    instanceOf: TargetNotAllowedError,
  });
  t.is(error?.code, 'TARGET_NOT_ALLOWED');
  t.regex(
    error?.message ?? '',
    /^url: hooks\.internal is not on this machine's loopback .*--allow-target hooks\.internal$/,
  );
  t.is(
    allowedTarget('https://hooks.internal/x', 'url', { allowedHosts: ['hooks.internal'] }).hostname,
    'hooks.internal',
  );
  t.is(allowedTarget('http://[fd00::1]/x', 'url', { allowedHosts: ['fd00::1'] }).hostname, '[fd00::1]');
  t.throws(() => allowedTarget('https://other.internal/x', 'url', { allowedHosts: ['hooks.internal'] }), {
    instanceOf: TargetNotAllowedError,
  });
  t.is(allowedTarget('https://anywhere.example/x', 'url', { allowedHosts: ['*'] }).hostname, 'anywhere.example');
  t.throws(() => allowedTarget('not a url', 'url', none), { message: /^url: expected an absolute http\(s\) URL/ });
  t.throws(() => allowedTarget('file:///etc/passwd', 'url', none), { message: /^url: expected an http or https URL/ });
  // A password in a refused URL is not echoed.
  const withPassword = t.throws(() => allowedTarget('ftp://user:hunter2@127.0.0.1/', 'url', none));
  t.false(withPassword?.message.includes('hunter2'));
});

test('urlsIn finds every http(s) URL of a config, with its pointer', (t) => {
  t.deepEqual(
    urlsIn({
      sources: [
        {
          writeKey: 'k',
          destinations: {
            Webhooks: { webhooks: [{ url: 'http://a/' }, { url: ' HTTPS://b/ ' }] },
            'Webhooks (Actions)': { url: 'http://c/' },
          },
        },
      ],
      name: 'http-ish',
    }),
    [
      { pointer: '/sources/0/destinations/Webhooks/webhooks/0/url', url: 'http://a/' },
      { pointer: '/sources/0/destinations/Webhooks/webhooks/1/url', url: 'HTTPS://b/' },
      { pointer: '/sources/0/destinations/Webhooks (Actions)/url', url: 'http://c/' },
    ],
  );
});
