import fc from 'fast-check';
import type { PayloadConstraints } from './constraints.js';
import { freeFormObject } from './free-form-object.js';
import { hostileString } from './hostile-string.js';

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
  return fc
    .tuple(documented, freeFormObject({ unicode, maxDepth: Math.min(2, constraints.maxDepth ?? 2), maxKeys: 2 }))
    .map(([known, extra]) => ({ ...extra, ...known }));
}
