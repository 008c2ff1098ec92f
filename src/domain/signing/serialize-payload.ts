/**
 * The delivery body: compact JSON.stringify. Receivers written from the documented sample verify by
 * re-serialising the parsed body, which matches only if we send exactly what JSON.stringify produces.
 */
export function serializePayload(payload: unknown): string {
  const body = JSON.stringify(payload);
  if (typeof body !== 'string')
    throw new TypeError(`a webhook payload must be a JSON object; received ${typeof payload}`);
  return body;
}
