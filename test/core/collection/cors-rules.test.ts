import test from 'ava';
import { ANY_ORIGIN_CORS, corsHeaders, preflightHeaders } from '../../../src/core/collection/cors-rules.js';

test('an answer echoes the page origin with Vary, or * without one; Retry-After and X-RateLimit-Reset are readable', (t) => {
  t.is(corsHeaders(undefined), ANY_ORIGIN_CORS, 'one frozen object for server SDKs');
  t.true(Object.isFrozen(ANY_ORIGIN_CORS));
  t.deepEqual(corsHeaders('https://shop.test'), {
    'access-control-allow-origin': 'https://shop.test',
    'access-control-expose-headers': 'retry-after, x-ratelimit-reset',
    vary: 'origin',
  });
});

test('a preflight allows the methods given and the headers asked for, or the SDK headers when none are asked', (t) => {
  const asked = preflightHeaders('https://shop.test', 'authorization,x-retry-count', 'POST, OPTIONS');
  t.like(asked, {
    'access-control-allow-origin': 'https://shop.test',
    'access-control-allow-methods': 'POST, OPTIONS',
    'access-control-allow-headers': 'authorization,x-retry-count',
    'access-control-max-age': '86400',
    vary: 'origin, access-control-request-headers',
  });
  t.is(
    preflightHeaders(undefined, '', 'GET, OPTIONS')['access-control-allow-headers'],
    'authorization, content-type, content-encoding, x-retry-count',
  );
  t.is(preflightHeaders(undefined, undefined, 'GET, OPTIONS')['access-control-allow-origin'], '*');
});
