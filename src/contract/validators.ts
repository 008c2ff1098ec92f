import { isSecretPointer, redactedSettingsValue, redactUrlPasswords, redactViolation } from './secret-redaction.js';
import { outgoingHeadersProblems } from './outgoing-headers.js';
import type { ErrorObject, ValidateFunction } from 'ajv';
import { schemaDocuments, schemaNames, type SchemaName } from './generated/schema-documents.js';
import { standaloneValidators } from './generated/standalone-validators.js';
import type { SchemaTypes } from './schema-types.js';
import type { SchemaViolation } from '../errors/schema-violation.js';
import { ContractViolationError, UnknownSchemaError } from '../errors/config-errors.js';

// Ajv: the most used JSON Schema validator for JS, it compiles each schema to a plain function
// (millions of validations a second), supports draft-07 with cross-file $refs and discriminators,
// and its errors carry the JSON pointer, keyword and data we turn into SchemaViolations. The compiling
// happens in `npm run generate` (Ajv's standalone code, src/contract/generated/standalone-validators.ts):
// compiling every schema at run time would be most of a harness's cold start, paid again by every process.

export type ValidationResult<T> =
  | { readonly ok: true; readonly value: T }
  | { readonly ok: false; readonly violations: readonly SchemaViolation[] };

export type Validator<T> = (value: unknown) => ValidationResult<T>;

const validators = standaloneValidators as unknown as Readonly<Record<SchemaName, ValidateFunction>>;

function isSchemaName(name: string): name is SchemaName {
  return Object.hasOwn(schemaDocuments, name);
}

/** The compiled Ajv function for a schema (errors in `fn.errors` after a failed call). */
export function compiledValidator(name: SchemaName): ValidateFunction {
  const fn = isSchemaName(name) ? validators[name] : undefined;
  if (fn === undefined) throw new UnknownSchemaError(String(name), schemaNames);
  return fn;
}

/** The schemas whose documents hold secrets (shared secrets, static header values): their errors show none. */
const SETTINGS_SCHEMAS: ReadonlySet<string> = new Set([
  'harness-config',
  'webhook-settings',
  'actions-webhook-settings',
]);

/** A reusable validator for one schema. */
export function validatorFor<N extends SchemaName>(name: N): Validator<SchemaTypes[N]> {
  const fn = compiledValidator(name);
  const settings = SETTINGS_SCHEMAS.has(name);
  return (value: unknown) => {
    const valid = fn(value);
    // The schema refuses the same header names and values; the rule's own messages say why (contract/outgoing-headers).
    const headers = settings ? headerViolations(name, value) : [];
    if (valid && headers.length === 0) return { ok: true, value: value as SchemaTypes[N] };
    const own = new Set(headers.map((v) => v.pointer));
    const violations = valid ? [] : toViolations(fn.errors ?? []).filter((v) => !own.has(v.pointer));
    const all = [...headers, ...violations];
    return { ok: false, violations: settings ? all.map(redactSettingsViolation) : all };
  };
}

const objectAt = (value: unknown, key: string): Record<string, unknown> | undefined => {
  const found = value !== null && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined;
  return found !== null && typeof found === 'object' && !Array.isArray(found)
    ? (found as Record<string, unknown>)
    : undefined;
};
const listAt = (value: unknown, key: string): unknown[] => {
  const found = value !== null && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined;
  return Array.isArray(found) ? found : [];
};

/** The headers objects of a settings document, each with its pointer. */
function headersObjects(name: string, value: unknown, base = ''): [string, Record<string, unknown>][] {
  const found: [string, Record<string, unknown>][] = [];
  const collect = (list: string) =>
    listAt(value, list).forEach((entry, i) => {
      const headers = objectAt(entry, 'headers');
      if (headers !== undefined) found.push([`${base}/${list}/${i}/headers`, headers]);
    });
  if (name === 'webhook-settings') collect('webhooks');
  else if (name === 'actions-webhook-settings') collect('mappings');
  else
    listAt(value, 'sources').forEach((source, i) => {
      const destinations = objectAt(source, 'destinations');
      const at = `/sources/${i}/destinations`;
      found.push(...headersObjects('webhook-settings', objectAt(destinations, 'Webhooks'), `${at}/Webhooks`));
      found.push(
        ...headersObjects(
          'actions-webhook-settings',
          objectAt(destinations, 'Webhooks (Actions)'),
          `${at}/Webhooks (Actions)`,
        ),
      );
    });
  return found;
}

function headerViolations(name: string, value: unknown): SchemaViolation[] {
  const violations: SchemaViolation[] = [];
  for (const [pointer, headers] of headersObjects(name, value))
    for (const problem of outgoingHeadersProblems(headers)) {
      const at = `${pointer}/${escapePointerToken(problem.name)}`;
      // Named after the schema keyword that refuses the same (propertyNames, or the value's pattern).
      violations.push({
        pointer: at,
        rule: problem.in === 'name' ? 'propertyNames' : 'pattern',
        message: `${at}: ${problem.message}`,
        received: problem.in === 'name' ? problem.name : headers[problem.name],
      });
    }
  return violations;
}

/**
 * A violation of settings whose `received` is shown with every secret in it redacted: toViolations redacts a
 * string at a secret's pointer, but a secret of another type, or a whole `headers` object or settings object
 * quoted as received (too many headers, a wrong shape), would still show the values.
 */
function redactSettingsViolation(violation: SchemaViolation): SchemaViolation {
  if (violation.rule === 'propertyNames') return violation;
  const redacted = redactedSettingsValue(violation.pointer, violation.received);
  if (redacted === undefined) return violation;
  const cut = violation.message.lastIndexOf('; received ');
  const message =
    cut === -1 ? violation.message : `${violation.message.slice(0, cut)}; received ${describeReceived(redacted.shown)}`;
  return { ...violation, received: redacted.shown, message };
}

/** Validates `value` against `schemas/<name>.schema.json`. */
export function validate<N extends SchemaName>(name: N, value: unknown): ValidationResult<SchemaTypes[N]> {
  return validatorFor(name)(value);
}

/** Returns `value` typed when it matches, throws ContractViolationError listing every violation when not. */
export function assertValid<N extends SchemaName>(name: N, value: unknown): SchemaTypes[N] {
  const result = validate(name, value);
  if (!result.ok) throw new ContractViolationError(name, result.violations);
  return result.value;
}

function escapePointerToken(token: string): string {
  return token.replaceAll('~', '~0').replaceAll('/', '~1');
}

/** A short, printable rendering of a received value for error messages. */
export function describeReceived(value: unknown): string {
  if (value === undefined) return 'nothing';
  let text: string;
  try {
    text = typeof value === 'string' ? JSON.stringify(value) : (JSON.stringify(value) ?? String(value));
  } catch {
    text = String(value);
  }
  const kind = value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value;
  // Masked before it is cut short, or a cut could leave a password without the @ that marks it.
  text = redactUrlPasswords(text);
  const shown = text.length > 80 ? `${text.slice(0, 77)}...` : text;
  return `${kind} ${shown}`;
}

function expectation(error: ErrorObject): string {
  const p = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case 'const':
      return `must be ${JSON.stringify(p.allowedValue)}`;
    case 'enum':
      return `must be one of ${(p.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(', ')}`;
    case 'type':
      return `must be of type ${String(p.type)}`;
    case 'format':
      return `must be a valid ${String(p.format)}`;
    case 'pattern': {
      const description = (error.parentSchema as { description?: string } | undefined)?.description;
      return description === undefined
        ? `must match the pattern ${String(p.pattern)}`
        : `must match the pattern ${String(p.pattern)} (${description})`;
    }
    default:
      return error.message ?? `breaks the ${error.keyword} rule`;
  }
}

/**
 * An anyOf whose branches only require properties ("userId or anonymousId") reads better as one violation; any other
 * is the anyOf's own violation, then those of its branches.
 */
function anyOfViolations(error: ErrorObject, errors: readonly ErrorObject[]): SchemaViolation[] {
  const base = error.instancePath;
  const branches = errors.filter((e) => e.schemaPath.startsWith(`${error.schemaPath}/`));
  const missing = branches
    .filter((e) => e.keyword === 'required')
    .map((e) => String((e.params as Record<string, unknown>).missingProperty));
  if (missing.length === branches.length && missing.length > 0) {
    const names = [...new Set(missing)];
    return [
      {
        pointer: `${base}/${escapePointerToken(names[0] ?? '')}`,
        rule: 'anyOf',
        message: `${base || '/'} needs ${names.join(' or ')}; received none of them`,
        received: undefined,
      },
    ];
  }
  return [
    {
      pointer: base,
      rule: 'anyOf',
      message: `${base || '/'} must match one of its allowed shapes; received ${describeReceived(error.data)}`,
      received: error.data,
    },
    ...branches.flatMap((b) => toViolations([b])),
  ];
}

/** The violation of one error of any keyword but anyOf: the pointer names the property at fault where there is one. */
function keywordViolation(error: ErrorObject): SchemaViolation {
  const p = error.params as Record<string, unknown>;
  const base = error.instancePath;
  switch (error.keyword) {
    case 'required': {
      const pointer = `${base}/${escapePointerToken(String(p.missingProperty))}`;
      return { pointer, rule: 'required', message: `${pointer} is required; received nothing`, received: undefined };
    }
    case 'additionalProperties': {
      const pointer = `${base}/${escapePointerToken(String(p.additionalProperty))}`;
      return {
        pointer,
        rule: 'additionalProperties',
        message: `${pointer} is not an allowed property`,
        received: (error.data as Record<string, unknown>)[String(p.additionalProperty)],
      };
    }
    case 'propertyNames': {
      const pointer = `${base}/${escapePointerToken(String(p.propertyName))}`;
      return {
        pointer,
        rule: 'propertyNames',
        message: `${pointer}: the name ${JSON.stringify(p.propertyName)} is not allowed here`,
        received: p.propertyName,
      };
    }
    case 'discriminator': {
      const pointer = `${base}/${escapePointerToken(String(p.tag))}`;
      const mapping = ((error.parentSchema as { oneOf?: { $ref: string }[] } | undefined)?.oneOf ?? []).map((s) =>
        s.$ref.replace('.schema.json', '').replace('webhook-', ''),
      );
      const received = (error.data as Record<string, unknown> | null)?.[String(p.tag)];
      return {
        pointer,
        rule: 'discriminator',
        message: `${pointer} must be one of ${mapping.join(', ')}; received ${describeReceived(received)}`,
        received,
      };
    }
    default:
      return {
        pointer: base,
        rule: error.keyword,
        message: `${base || '/'} ${expectation(error)}; received ${describeReceived(error.data)}`,
        received: error.data,
      };
  }
}

/** Turns Ajv errors into violations that name the pointer, the rule and the value received. */
export function toViolations(errors: readonly ErrorObject[]): SchemaViolation[] {
  const anyOfPaths = new Set(errors.filter((e) => e.keyword === 'anyOf').map((e) => e.schemaPath));
  const violations: SchemaViolation[] = [];
  for (const error of errors) {
    // An anyOf's branches are said by the anyOf's own violation.
    if ([...anyOfPaths].some((s) => error.schemaPath.startsWith(`${s}/`))) continue;
    // A propertyNames failure already names the key; its inner pattern error would repeat it.
    if (error.schemaPath.includes('/propertyNames/')) continue;
    if (error.keyword === 'anyOf') violations.push(...anyOfViolations(error, errors));
    else violations.push(keywordViolation(error));
  }
  // A violation inside settings never repeats a shared secret, a static header value or a URL password.
  return violations.some(
    (v) => isSecretPointer(v.pointer) || (typeof v.received === 'string' && v.received.includes('@')),
  )
    ? violations.map(redactViolation)
    : violations;
}
