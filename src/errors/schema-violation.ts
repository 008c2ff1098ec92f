/** One broken rule: where (JSON pointer), which rule (the schema keyword), and what was received. */
export interface SchemaViolation {
  /** JSON pointer to the offending value; for a missing property, the pointer it should be at. */
  readonly pointer: string;
  /** The JSON Schema keyword broken: `required`, `type`, `maxLength`, `anyOf`, `discriminator`, ... */
  readonly rule: string;
  /** A sentence a person can act on: pointer, what is expected, what was received. */
  readonly message: string;
  /** The value found at `pointer` (undefined when it is missing). */
  readonly received: unknown;
}
