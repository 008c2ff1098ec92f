import fc from 'fast-check';
import type { PayloadConstraints } from './constraints.js';
import { freeFormObject } from './free-form-object.js';
import { hostileString } from './hostile-string.js';

const DOCUMENTED_KEYS = new Set(['ip', 'device', 'os', 'app', 'library']);

/** A context object: the documented device/os/app sub-objects (rule 2.2 screen), ip, library, extras. */
export function contextObject(constraints: PayloadConstraints = {}): fc.Arbitrary<Record<string, unknown>> {
  const unicode = constraints.unicode ?? 'unicode';
  const text = hostileString({ unicode, maxLength: 16 });
  const documented = fc.record(
    {
      ip: fc.ipV4(),
      device: fc.record({ model: text, type: fc.constantFrom('ios', 'android', 'web') }),
      os: fc.record({ name: fc.constantFrom('iOS', 'Android', 'Linux'), version: text }),
      app: fc.record({ build: text, name: text, version: text }),
      library: fc.record({ name: text, version: text }),
    },
    { requiredKeys: [] },
  );
  // An extra key named like a documented one would keep its free-form value when that one is left out (an
  // `app: ""` the schema refuses): extras never take those names.
  return fc
    .tuple(documented, freeFormObject({ unicode, maxDepth: Math.min(2, constraints.maxDepth ?? 2), maxKeys: 2 }))
    .map(([known, extra]) => {
      // Spread, not assignment: a free-form `__proto__` key stays an own key.
      const context: Record<string, unknown> = { ...extra, ...known };
      for (const key of DOCUMENTED_KEYS) if (!Object.hasOwn(known, key)) delete context[key];
      return context;
    });
}
