/** The User-Agent of a classic Webhooks delivery (docs/webhooks.md; the `delivery.userAgent` setting replaces it). */
export const WEBHOOKS_USER_AGENT = 'Segment.io/1.0';

/**
 * The headers of one webhook request (docs/decisions.md): the entry's static headers, then User-Agent, Content-Type
 * and, when signed, X-Signature. A static header may replace User-Agent (any letter case; it is a plain
 * setting), never Content-Type or X-Signature: the settings schema refuses those names (and Content-Length
 * and Host), and they are written last here besides. Built key by key: this runs once per delivery.
 */
export function webhookHeaders(
  staticHeaders: Readonly<Record<string, string>> | undefined,
  userAgent: string,
  signature: string | undefined,
): Record<string, string> {
  const headers: Record<string, string> = {};
  let ownUserAgent = false;
  if (staticHeaders !== undefined) {
    for (const name in staticHeaders) {
      if (name.length === 10 && name.toLowerCase() === 'user-agent') ownUserAgent = true;
      headers[name] = staticHeaders[name] as string;
    }
  }
  if (!ownUserAgent) headers['User-Agent'] = userAgent;
  headers['Content-Type'] = 'application/json';
  if (signature !== undefined) headers['X-Signature'] = signature;
  return headers;
}
