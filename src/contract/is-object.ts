/** A JSON object (not null, not an array): what a payload, a context or an integrations map must be. */
export function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}
