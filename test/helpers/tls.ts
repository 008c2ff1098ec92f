import { generateKeyPairSync } from 'node:crypto';
import forge from 'node-forge';

export interface Certificate {
  readonly key: string;
  readonly cert: string;
}

export interface TestCertificates {
  /** A test certificate authority, trusted by passing `ca.cert` to the dispatcher. */
  readonly ca: Certificate;
  /** A localhost / 127.0.0.1 certificate signed by `ca`. */
  readonly signed: Certificate;
  /** A server certificate that is its own issuer, which the dispatcher must refuse (SPEC 4.1). */
  readonly selfSigned: Certificate;
}

const DAY = 24 * 60 * 60 * 1000;

// Keys come from Node's native RSA (milliseconds); node-forge only writes the X.509 structures.
function keyPair(): { privateKey: forge.pki.rsa.PrivateKey; publicKey: forge.pki.rsa.PublicKey; pem: string } {
  const { privateKey } = generateKeyPairSync('rsa', {
    modulusLength: 2048,
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    publicKeyEncoding: { type: 'spki', format: 'pem' },
  });
  const key = forge.pki.privateKeyFromPem(privateKey) as forge.pki.rsa.PrivateKey;
  return { privateKey: key, publicKey: forge.pki.setRsaPublicKey(key.n, key.e), pem: privateKey };
}

function certificate(options: {
  commonName: string;
  serial: string;
  isCa: boolean;
  names?: readonly string[];
  issuer?: { cert: forge.pki.Certificate; key: forge.pki.rsa.PrivateKey };
}): { cert: forge.pki.Certificate; key: forge.pki.rsa.PrivateKey; pem: Certificate } {
  const keys = keyPair();
  const cert = forge.pki.createCertificate();
  cert.publicKey = keys.publicKey;
  cert.serialNumber = options.serial;
  cert.validity.notBefore = new Date(Date.now() - DAY);
  cert.validity.notAfter = new Date(Date.now() + 2 * DAY);
  const subject = [
    { name: 'commonName', value: options.commonName },
    { name: 'organizationName', value: 'event-harness tests' },
  ];
  cert.setSubject(subject);
  cert.setIssuer(options.issuer?.cert.subject.attributes ?? subject);
  const extensions: unknown[] = options.isCa
    ? [
        { name: 'basicConstraints', cA: true },
        { name: 'keyUsage', keyCertSign: true, cRLSign: true, digitalSignature: true },
      ]
    : [
        { name: 'basicConstraints', cA: false },
        { name: 'keyUsage', digitalSignature: true, keyEncipherment: true },
        { name: 'extKeyUsage', serverAuth: true },
        {
          name: 'subjectAltName',
          altNames: (options.names ?? []).map((value) =>
            /^[\d.]+$/.test(value) ? { type: 7, ip: value } : { type: 2, value },
          ),
        },
      ];
  cert.setExtensions(extensions as never[]);
  cert.sign(options.issuer?.key ?? keys.privateKey, forge.md.sha256.create());
  return { cert, key: keys.privateKey, pem: { key: keys.pem, cert: forge.pki.certificateToPem(cert) } };
}

let cached: TestCertificates | undefined;

/** Certificates made at test time: a test CA, a leaf it signs, and a self-signed leaf. */
export function testCertificates(): TestCertificates {
  if (cached === undefined) {
    const ca = certificate({ commonName: 'event-harness test CA', serial: '01', isCa: true });
    const names = ['localhost', '127.0.0.1'];
    const signed = certificate({
      commonName: 'localhost',
      serial: '02',
      isCa: false,
      names,
      issuer: { cert: ca.cert, key: ca.key },
    });
    const selfSigned = certificate({ commonName: 'localhost', serial: '03', isCa: false, names });
    cached = { ca: ca.pem, signed: signed.pem, selfSigned: selfSigned.pem };
  }
  return cached;
}
