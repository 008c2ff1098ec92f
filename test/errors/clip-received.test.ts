import test from 'ava';
import { clipReceived } from '../../src/errors/clip-received.js';
import { createHarness } from '../../src/harness/create-harness.js';

test('clipReceived keeps short text and cuts long text with an ellipsis', (t) => {
  t.is(clipReceived('short'), 'short');
  t.is(clipReceived('x'.repeat(80)), 'x'.repeat(80));
  t.is(clipReceived('x'.repeat(81)), `${'x'.repeat(79)}…`);
  t.is(clipReceived('abcdef', 4), 'abc…');
});

test('a message quoting a long received value says it was cut', async (t) => {
  const harness = await createHarness({ listen: false });
  t.teardown(() => harness.stop());
  const response = await harness.inject({
    method: 'POST',
    url: '/v1/batch',
    headers: { 'content-type': 'application/json', authorization: `Basic ${Buffer.from('k:').toString('base64')}` },
    payload: JSON.stringify({ batch: { long: 'y'.repeat(200) } }),
  });
  t.is(response.statusCode, 400);
  t.regex(
    (response.result as { message: string }).message,
    /\/batch must be an array of events; received \{"long":"y+…$/,
  );
});
