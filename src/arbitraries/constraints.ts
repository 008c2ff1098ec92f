/** How adventurous generated text is: plain ASCII, any Unicode, or hostile (lone surrogates, U+2028, NUL, RTL, ...). */
export type UnicodeLevel = 'ascii' | 'unicode' | 'hostile';

/** Whether optional fields appear. */
export type OptionalFields = 'never' | 'sometimes' | 'always';

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
