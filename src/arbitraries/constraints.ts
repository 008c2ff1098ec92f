/** How adventurous generated text is: plain ASCII, any Unicode, or hostile (lone surrogates, U+2028, NUL, RTL, ...). */
export const UNICODE_LEVELS = ['ascii', 'unicode', 'hostile'] as const;
export type UnicodeLevel = (typeof UNICODE_LEVELS)[number];

/** Whether optional fields appear. */
export const OPTIONAL_FIELDS = ['never', 'sometimes', 'always'] as const;
export type OptionalFields = (typeof OPTIONAL_FIELDS)[number];

/** Rejects a constraint value outside its choices (callers in plain JS can pass anything), naming what was received. */
export function checkChoice<T extends string>(name: string, value: T | undefined, choices: readonly T[]): void {
  if (value !== undefined && !choices.includes(value)) {
    throw new RangeError(
      `${name} must be one of ${choices.map((c) => JSON.stringify(c)).join(', ')}; received ${JSON.stringify(value)}`,
    );
  }
}

/** An exact size window for JSON.stringify(value) in UTF-8 bytes. */
export interface TargetBytes {
  readonly min: number;
  readonly max: number;
}

/** Constraints shared by the message and payload arbitraries. */
export interface PayloadConstraints {
  /** Default 'unicode'. */
  readonly unicode?: UnicodeLevel;
  /** Default 'sometimes'. */
  readonly withOptional?: OptionalFields;
  /** Nesting depth of free-form objects (properties, traits, context extras). Default 3. */
  readonly maxDepth?: number;
  /** Keys per free-form object. Default 5. */
  readonly maxKeys?: number;
  /** Pad the free-form field so JSON.stringify(value) is exactly a size in this range. */
  readonly targetBytes?: TargetBytes;
}
