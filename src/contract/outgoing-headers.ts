/**
 * The one rule for headers the service is told to send (a webhook's static headers, a Webhooks (Actions) mapping's
 * headers, `check receiver --header`, the targets of an imported delivery): the service writes its own request
 * line, framing and signature, so a header may not set them, nor anything that controls the connection, and a value
 * must be one Node.js can write on one line. The settings schemas (schemas/webhook-settings.schema.json,
 * actions-webhook-settings) spell the same names in their `propertyNames` pattern; a test holds them together.
 */

/** Names the service writes itself: its body's type and length, its signature, and the Host of the URL. */
const OWN = ['Content-Type', 'Content-Length', 'X-Signature', 'Host'] as const;
/** Names that frame the message or control the connection (RFC 9112 6, RFC 9110 7.6.1 and 10.1.1). */
const FRAMING = [
  'Transfer-Encoding',
  'Connection',
  'Keep-Alive',
  'Proxy-Connection',
  'TE',
  'Trailer',
  'Upgrade',
  'Expect',
] as const;

/** Every name a header the service sends may not have (any letter case). */
export const RESERVED_OUTGOING_HEADERS: readonly string[] = [...OWN, ...FRAMING];

const RESERVED = new Map(RESERVED_OUTGOING_HEADERS.map((name) => [name.toLowerCase(), name]));
const TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
// What Node.js writes in a header value: tab, visible ASCII and the octets 0x80-0xFF (one Latin-1 character each).
const UNWRITABLE = /[^\t\u0020-\u007e\u0080-\u00ff]/;

const CONTROL_NAMES: Readonly<Record<number, string>> = { 0: 'NUL', 10: 'LF (line feed)', 13: 'CR (carriage return)' };

/** Why a header named `name` with `value` may not be sent, or undefined when it may. */
export function outgoingHeaderProblem(name: string, value: unknown): string | undefined {
  if (!TOKEN.test(name))
    return `the header name ${JSON.stringify(name)} is not an HTTP token (letters, digits and !#$%&'*+.^_\`|~-)`;
  const reserved = RESERVED.get(name.toLowerCase());
  if (reserved !== undefined) {
    const why = (OWN as readonly string[]).includes(reserved)
      ? `the service writes ${reserved} itself`
      : reserved === 'Transfer-Encoding'
        ? 'the service frames each request itself (Content-Length); a Transfer-Encoding beside it makes the request ambiguous, the shape of request smuggling'
        : `${reserved} controls the connection, which the service owns, not the message a receiver reads`;
    return `the header ${JSON.stringify(name)} may not be set: ${why}. Refused names (any letter case): ${RESERVED_OUTGOING_HEADERS.join(', ')}`;
  }
  if (typeof value !== 'string') return undefined;
  const bad = UNWRITABLE.exec(value);
  if (bad === null) return undefined;
  const code = bad[0].codePointAt(0) ?? 0;
  const shown = CONTROL_NAMES[code] ?? `U+${code.toString(16).toUpperCase().padStart(4, '0')}`;
  return `the value of the header ${JSON.stringify(name)} holds ${shown} at character ${bad.index}: a header value may hold tab, visible ASCII and Latin-1 characters only (CR, LF and NUL would split or cut the request)`;
}

/** One header of a headers object that may not be sent: its name, whether the name or the value is why, and why. */
export interface OutgoingHeaderProblem {
  readonly name: string;
  readonly in: 'name' | 'value';
  readonly message: string;
}

/** Every problem of a headers object (empty when every header may be sent). */
export function outgoingHeadersProblems(headers: Readonly<Record<string, unknown>>): OutgoingHeaderProblem[] {
  const problems: OutgoingHeaderProblem[] = [];
  for (const [name, value] of Object.entries(headers)) {
    const message = outgoingHeaderProblem(name, value);
    if (message !== undefined)
      problems.push({ name, in: outgoingHeaderProblem(name, undefined) === undefined ? 'value' : 'name', message });
  }
  return problems;
}
