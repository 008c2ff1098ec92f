import test from 'ava';
import { createServiceCore } from '../../../src/core/service-core.js';
import { answerBundleChunk, answerSnippetBundle } from '../../../src/core/collection/snippet-answer.js';
import { startHarness } from '../../helpers/harness.js';

const MOCK = 'http://127.0.0.1:4010';
const absent = () => undefined;

test('without @segment/analytics-next installed, the bundle and its chunks are a 404 naming the package and the install command', async (t) => {
  const core = createServiceCore();
  for (const answer of [
    await answerSnippetBundle(core, { writeKey: 'wk', origin: 'http://page.test' }, MOCK, absent),
    await answerBundleChunk({ file: 'index.js', origin: undefined }, MOCK, absent),
  ]) {
    t.like(answer, { kind: 'reply', status: 404 });
    const body = answer.kind === 'reply' ? (answer.body as { code: string; message: string }) : undefined;
    t.is(body?.code, 'ANALYTICS_NEXT_NOT_INSTALLED');
    t.regex(String(body?.message), /@segment\/analytics-next.*npm install --save-dev @segment\/analytics-next/);
  }
});

test('the snippet bundle is the installed standalone analytics.js with the write key embedded and the CDN set to the mock', async (t) => {
  const harness = await startHarness(t);
  const response = await fetch(`${harness.url}/analytics.js/v1/wk_snippet/analytics.min.js`);
  t.is(response.status, 200);
  t.regex(String(response.headers.get('content-type')), /^application\/javascript/);
  const text = await response.text();
  t.true(text.includes('window.analyticsWriteKey="wk_snippet"'), 'the placeholder holds the key, as the CDN serves it');
  t.false(text.includes('__WRITE_KEY__'));
  t.false(text.includes('https://cdn.segment.com'), 'nothing points at the vendor CDN');
  t.true(text.includes(`${harness.url}/analytics-next/bundles/`), 'chunks load from the mock');
  // A key with characters JavaScript strings escape is embedded as a string, never as code.
  const odd = await (
    await fetch(`${harness.url}/analytics.js/v1/${encodeURIComponent('a"b\\c')}/analytics.min.js`)
  ).text();
  t.true(odd.includes('window.analyticsWriteKey="a\\"b\\\\c"'));
  const chunk = await fetch(`${harness.url}/analytics-next/bundles/index.js`);
  t.is(chunk.status, 200);
  const missing = await fetch(`${harness.url}/analytics-next/bundles/nope.bundle.js`);
  t.is(missing.status, 404);
  t.regex(((await missing.json()) as { message: string }).message, /nope\.bundle\.js/);
  const traversal = await fetch(`${harness.url}/analytics-next/bundles/..%2Fpackage.json`);
  t.is(traversal.status, 404, 'only the bundle folder is served');
});

test('with sources configured, an unknown key gets no bundle (404 naming it), as the settings', async (t) => {
  const harness = await startHarness(t, { config: { sources: [{ writeKey: 'known' }] } });
  t.is((await fetch(`${harness.url}/analytics.js/v1/known/analytics.min.js`)).status, 200);
  const unknown = await fetch(`${harness.url}/analytics.js/v1/other/analytics.min.js`);
  t.is(unknown.status, 404);
  t.is(((await unknown.json()) as { code: string }).code, 'UNKNOWN_WRITE_KEY');
});
