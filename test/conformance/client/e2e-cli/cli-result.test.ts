import test from 'ava';
import { lastJsonObject, readCliResult } from '../../../../conformance/client/e2e-cli/cli-result.js';

test("the result is the last JSON value on stdout: one line, or pretty-printed over several (the Node CLI's JSON.stringify(output, null, 2))", (t) => {
  t.deepEqual(lastJsonObject('{"success":true,"sentBatches":1}\n'), { success: true, sentBatches: 1 });
  const pretty = JSON.stringify({ success: false, sentBatches: 0, eventResults: [], httpLog: [], error: 'x' }, null, 2);
  t.deepEqual(lastJsonObject(`${pretty}\n`), {
    success: false,
    sentBatches: 0,
    eventResults: [],
    httpLog: [],
    error: 'x',
  });
  // Nested objects are inside it, not the value.
  t.deepEqual(lastJsonObject('{"success":true,"meta":{"a":{"b":1}}}'), { success: true, meta: { a: { b: 1 } } });
});

test('what comes before the result is left out: logging, a PHP warning, an earlier JSON line', (t) => {
  const stdout = [
    'PHP Warning:  Undefined array key "x" in main.php on line 12',
    '{"debug": "an earlier JSON line"}',
    'enqueued {3} events',
    '{"success": true, "sentBatches": 2}',
    '',
  ].join('\n');
  t.deepEqual(lastJsonObject(stdout), { success: true, sentBatches: 2 });
  // An error message quoting a whole event, braces and all.
  const event = JSON.stringify({ type: 'track', properties: { blob: 'x'.repeat(40_000), nested: { a: '}{' } } });
  t.deepEqual(lastJsonObject(`log\n${JSON.stringify({ success: false, error: `too large: ${event}` })}\n`), {
    success: false,
    error: `too large: ${event}`,
  });
});

test('no result: nothing, text after the JSON, JSON that is not valid (a raw tab, as the C# CLI can write), a value without a boolean success', (t) => {
  t.deepEqual(readCliResult(''), { problem: 'nothing on stdout' });
  const trailing = readCliResult('{"success":true}\ndone');
  t.regex(
    'problem' in trailing ? trailing.problem : '',
    /stdout does not end with a JSON object; its end was ".*done"/,
  );
  t.true('problem' in readCliResult('{"success":false,"error":"a\tb"}'), 'a raw tab in a string is not JSON');
  const noSuccess = readCliResult('{"ok": true}');
  t.true('problem' in noSuccess && /no boolean "success" \(received none\)/.test(noSuccess.problem));
  const stringSuccess = readCliResult('{"success": "true"}');
  t.true('problem' in stringSuccess && /received "true"/.test(stringSuccess.problem));
  t.deepEqual(readCliResult('[{"success": true}]'), {
    problem: 'stdout does not end with a JSON object; its end was "[{\\"success\\": true}]"',
  });
  t.deepEqual(readCliResult('{"success": false, "sentBatches": 1, "error": null}'), {
    result: { success: false, sentBatches: 1, error: null },
  });
});
