/**
 * The write key from HTTP Basic auth: the username, with an empty password. Some clients send the key
 * without the trailing colon, so a missing colon is tolerated (docs/decisions.md).
 */
export function writeKeyFromAuthorization(header: string | undefined): string | undefined {
  if (header === undefined) return undefined;
  // A load test (and most clients) sends one header over and over: decoding it once is enough.
  if (header === lastHeader) return lastKey;
  const key = decodeWriteKey(header);
  lastHeader = header;
  lastKey = key;
  return key;
}

let lastHeader: string | undefined;
let lastKey: string | undefined;

function decodeWriteKey(header: string): string | undefined {
  const match = /^\s*basic\s+(\S+)\s*$/i.exec(header);
  if (match === null) return undefined;
  const decoded = Buffer.from(match[1] ?? '', 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  const key = colon === -1 ? decoded : decoded.slice(0, colon);
  return key === '' ? undefined : key;
}
