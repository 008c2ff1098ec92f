import type { SchemaViolation } from '../../errors/schema-violation.js';

/** An event's violations as strict mode lists them for a batch: each pointer and message under the event's place. */
export function prefixed(violations: readonly SchemaViolation[], prefix: string): SchemaViolation[] {
  return prefix === ''
    ? [...violations]
    : violations.map((v) => ({
        ...v,
        pointer: `${prefix}${v.pointer}`,
        message: `${prefix}${v.message.startsWith('/') ? '' : ' '}${v.message}`,
      }));
}
