import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import type { DriverAnswer, DriverHello as DriverHelloLine } from '../../src/index.js';

/**
 * The driver protocol's lines checked against schemas/driver-protocol.schema.json (the one source of the
 * protocol: the generated types of the shipped driver come from it too). Each kind of line is checked
 * against its own definition, so a malformed line is described by what that kind expects, not by every
 * kind it is not.
 */
type Kind = 'DriverHello' | 'DriverAnswer';

let compiled: Readonly<Record<Kind, ValidateFunction>> | undefined;

function compileValidators(): Readonly<Record<Kind, ValidateFunction>> {
  // The package's own schemas/ (the ./schemas/* export), from the source tree and from an installed package alike.
  const file = fileURLToPath(import.meta.resolve('event-harness/schemas/driver-protocol.schema.json'));
  const schema = JSON.parse(readFileSync(file, 'utf8')) as { $id: string };
  const ajv = new Ajv({ allErrors: true, verbose: true, strict: true, allowUnionTypes: true });
  ajv.addSchema(schema);
  const definition = (name: Kind): ValidateFunction => {
    const validate = ajv.getSchema(`${schema.$id}#/definitions/${name}`);
    if (validate === undefined)
      throw new Error(`${file} has no definition ${name}: the driver protocol schema is incomplete`);
    return validate;
  };
  return { DriverHello: definition('DriverHello'), DriverAnswer: definition('DriverAnswer') };
}

function validator(kind: Kind): ValidateFunction {
  compiled ??= compileValidators();
  return compiled[kind];
}

function shown(value: unknown): string {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 80 ? `${text.slice(0, 77)}...` : text;
}

/** Ajv's errors as sentences: where, what is expected, what was received. */
function describe(errors: readonly ErrorObject[]): string {
  return errors
    .map((error) => {
      const at = error.instancePath === '' ? '/' : error.instancePath;
      const params = error.params as Record<string, unknown>;
      if (error.keyword === 'required')
        return `${error.instancePath}/${String(params.missingProperty)} is required; received nothing`;
      if (error.keyword === 'const')
        return `${at} must be ${JSON.stringify(params.allowedValue)}; received ${shown(error.data)}`;
      return `${at} ${error.message ?? `breaks the ${error.keyword} rule`}; received ${shown(error.data)}`;
    })
    .join('; ');
}

export type ProtocolCheck<T> =
  | { readonly ok: true; readonly value: T }
  | { readonly ok: false; readonly problems: string };

function check<T>(kind: Kind, value: unknown): ProtocolCheck<T> {
  const validate = validator(kind);
  return validate(value) ? { ok: true, value: value as T } : { ok: false, problems: describe(validate.errors ?? []) };
}

/** The driver's ready line against DriverHello. */
export function checkHello(value: unknown): ProtocolCheck<DriverHelloLine> {
  return check<DriverHelloLine>('DriverHello', value);
}

/** An answer line against DriverAnswer. */
export function checkAnswer(value: unknown): ProtocolCheck<DriverAnswer> {
  return check<DriverAnswer>('DriverAnswer', value);
}
