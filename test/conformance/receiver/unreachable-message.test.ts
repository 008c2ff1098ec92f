// The first delivery's failure names its cause: a receiver that is up but whose TLS fails is not told to start.
import test from 'ava';
import { runReceiverSuite, TargetUnreachableError } from '../../../conformance/index.js';
import { unreachableMessage } from '../../../conformance/receiver/unreachable-message.js';
import { startReceiver } from '../../helpers/receiver.js';
import { testCertificates } from '../../helpers/tls.js';

test('a self-signed receiver: refused as the service refuses it, with --ca named', async (t) => {
  const receiver = await startReceiver(t, () => ({ status: 204 }), { tls: testCertificates().selfSigned });
  const error = await t.throwsAsync(runReceiverSuite({ target: { url: receiver.url }, only: ['2.2.track'] }), {
    instanceOf: TargetUnreachableError,
  });
  t.regex(error.message, /presents a self-signed certificate \(DEPTH_ZERO_SELF_SIGNED_CERT\); the service refuses/);
  t.regex(error.message, /--ca FILE/);
  t.notRegex(error.message, /start the receiver/);
});

test('https:// to a plain HTTP receiver: the handshake failed, use http://', async (t) => {
  const receiver = await startReceiver(t, () => ({ status: 204 }));
  const url = receiver.url.replace('http://', 'https://');
  const error = await t.throwsAsync(runReceiverSuite({ target: { url }, only: ['2.2.track'] }), {
    instanceOf: TargetUnreachableError,
  });
  t.regex(
    error.message,
    /TLS handshake with https:\/\/\S+ failed \((EPROTO|ERR_SSL_WRONG_VERSION_NUMBER)\).*Use http:\/\//,
  );
});

test('http:// to an HTTPS receiver: the reset is explained, use https://', async (t) => {
  const receiver = await startReceiver(t, () => ({ status: 204 }), { tls: testCertificates().signed });
  const url = receiver.url.replace('https://', 'http://');
  const error = await t.throwsAsync(runReceiverSuite({ target: { url }, only: ['2.2.track'] }), {
    instanceOf: TargetUnreachableError,
  });
  t.regex(error.message, /closed the connection before answering the first delivery \(ECONNRESET\).*use https:\/\//);
});

test('the other certificate failures, and nothing listening', (t) => {
  t.regex(
    unreachableMessage('https://hooks.example.test/', 'CERT_HAS_EXPIRED'),
    /certificate of https:\/\/hooks\.example\.test\/ does not verify \(CERT_HAS_EXPIRED\)/,
  );
  t.is(
    unreachableMessage('http://bob:pw@127.0.0.1:9/', 'ECONNREFUSED'),
    'check receiver: cannot reach http://bob:****@127.0.0.1:9/ (ECONNREFUSED); start the receiver first and check the URL (scheme, host, port)',
  );
});
