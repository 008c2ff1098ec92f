import fc from 'fast-check';
import { checkChoice, UNICODE_LEVELS, type UnicodeLevel } from './constraints.js';

export interface HostileStringConstraints {
  readonly unicode?: UnicodeLevel;
  readonly minLength?: number;
  readonly maxLength?: number;
}

/** Strings that break naive receivers: separators JSON leaves raw, lone surrogates, NUL, bidi overrides, emoji. */
export const HOSTILE_STRINGS: readonly string[] = [
  'key with spaces',
  '😀🎉',
  '👩‍👩‍👧‍👦',
  '\u2028',
  '\u2029',
  '\u0000',
  '\ud800',
  '\udfff',
  '\u202eevil',
  'Ω≈ç√∫',
  '"quoted"',
  'back\\slash',
  '<script>alert(1)</script>',
  "'; DROP TABLE events; --",
  '%s%n',
  '\t\r\n',
];

/** A string at the chosen unicode level; 'hostile' mixes in HOSTILE_STRINGS and unpaired surrogates. */
export function hostileString(constraints: HostileStringConstraints = {}): fc.Arbitrary<string> {
  const minLength = constraints.minLength ?? 0;
  const maxLength = constraints.maxLength ?? 24;
  checkChoice('unicode', constraints.unicode, UNICODE_LEVELS);
  const level = constraints.unicode ?? 'hostile';
  if (level === 'ascii') return fc.string({ minLength, maxLength });
  if (level === 'unicode') return fc.string({ unit: 'grapheme', minLength, maxLength });
  const hostile = fc
    .tuple(fc.constantFrom(...HOSTILE_STRINGS), fc.string({ unit: 'binary', maxLength: Math.max(0, maxLength - 12) }))
    .map(([a, b]) => (a + b).slice(0, Math.max(maxLength, a.length)))
    .filter((s) => s.length >= minLength);
  // Very long: a hostile seed repeated up to maxLength code units (only when the caller allows long text).
  const long = fc
    .tuple(
      fc.constantFrom(...HOSTILE_STRINGS),
      fc.integer({ min: Math.max(minLength, Math.floor(maxLength / 2)), max: maxLength }),
    )
    .map(([seed, length]) => seed.repeat(Math.ceil(length / seed.length)).slice(0, length))
    .filter((s) => s.length >= minLength);
  const kinds = [
    fc.string({ unit: 'binary', minLength, maxLength }),
    fc.string({ unit: 'grapheme', minLength, maxLength }),
    hostile,
  ];
  return fc.oneof(...kinds, ...(maxLength >= 64 ? [long] : []));
}
