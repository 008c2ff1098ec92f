import { redactUrlPasswords, SELF_SIGNED_CODES } from '../../src/index.js';

/** TLS codes of a certificate that does not verify for another reason than being self-signed. */
const UNVERIFIED_CERTIFICATE_CODES: ReadonlySet<string> = new Set([
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'UNABLE_TO_GET_ISSUER_CERT',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'CERT_HAS_EXPIRED',
  'CERT_NOT_YET_VALID',
  'CERT_UNTRUSTED',
  'CERT_REVOKED',
  'ERR_TLS_CERT_ALTNAME_INVALID',
]);

/** TLS codes of a handshake that never got as far as a certificate: often https:// to a plain HTTP port. */
const HANDSHAKE_CODES: ReadonlySet<string> = new Set(['EPROTO', 'ERR_SSL_WRONG_VERSION_NUMBER']);

/**
 * Why the first delivery got no answer, and what to change. The receiver is up when its TLS fails: "start the
 * receiver first" would send the reader after the wrong thing.
 */
export function unreachableMessage(url: string, code: string): string {
  const shown = redactUrlPasswords(url);
  const secure = url.startsWith('https:');
  if (secure && SELF_SIGNED_CODES.has(code))
    return `check receiver: ${shown} presents a self-signed certificate (${code}); the service refuses such a receiver and sends it nothing (rule 7). Use a certificate a CA issued, or pass your test CA with --ca FILE`;
  if (secure && UNVERIFIED_CERTIFICATE_CODES.has(code))
    return `check receiver: the certificate of ${shown} does not verify (${code}); the service checks receivers' certificates against the public CAs. Use a certificate a public CA issued for this host name, or pass your test CA with --ca FILE`;
  if (secure && HANDSHAKE_CODES.has(code))
    return `check receiver: the TLS handshake with ${shown} failed (${code}): is the receiver serving HTTPS on this port? Use http:// for a plain HTTP receiver`;
  if (code === 'ECONNRESET' || code === 'EPIPE')
    return `check receiver: ${shown} closed the connection before answering the first delivery (${code}): ${secure ? 'it may have crashed on it, or refused the TLS handshake' : 'a receiver serving HTTPS on this port does that to plain HTTP (use https://); otherwise it crashed on the delivery'}`;
  return `check receiver: cannot reach ${shown} (${code}); start the receiver first and check the URL (scheme, host, port)`;
}
