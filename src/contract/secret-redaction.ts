import { createHash } from 'node:crypto';
import { redactUrlPasswords } from '../errors/redact-url-passwords.js';
import { isObject } from './is-object.js';
import type { SchemaViolation } from '../errors/schema-violation.js';

export { redactUrlPasswords };

/**
 * What the mock shows instead of a secret (a shared secret, a static header value, a URL password): that
 * one is set, with a short fingerprint so two configurations can be told apart, never the value. Admin
 * answers, the inspector, logs and error messages all go through here; in-process objects keep the values.
 */
export function fingerprint(value: string): string {
  return `sha256:${createHash('sha256').update(value, 'utf8').digest('hex').slice(0, 8)}`;
}

export function redactedValue(value: string): string {
  return `[redacted ${fingerprint(value)}]`;
}

const SECRET_KEY = /secret|password|token|api[-_]?key/i;

/**
 * A copy of a source (or any destination settings) safe to show: secret-named string fields redacted,
 * every static header value redacted, URL passwords masked. Walks any destination kind, so settings of a
 * kind added later are covered too. Depth is bounded by the settings schema (a few levels).
 */
export function redactSettings<T>(value: T): T {
  return redactNode(value, undefined) as T;
}

function redactNode(value: unknown, key: string | undefined): unknown {
  const secretKey = key !== undefined && SECRET_KEY.test(key);
  if (typeof value === 'string') return secretKey ? redactedValue(value) : redactUrlPasswords(value);
  // A secret given as a number (the config then refuses it) is still the user's secret.
  if (secretKey && (typeof value === 'number' || typeof value === 'boolean')) return redactedValue(String(value));
  if (Array.isArray(value)) return value.map((item) => redactNode(item, undefined));
  if (value === null || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const [name, child] of Object.entries(value as Record<string, unknown>)) {
    out[name] = name === 'headers' && isObject(child) ? redactHeaders(child) : redactNode(child, name);
  }
  return out;
}

/** Headers as sent, with every value redacted except those named in `keep` (compared case-insensitively). */
export function redactHeaders(
  headers: Readonly<Record<string, unknown>>,
  keep: ReadonlySet<string> = new Set(),
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    const text = Array.isArray(value) ? value.join(', ') : String(value);
    out[name] = keep.has(name.toLowerCase()) ? text : redactedValue(text);
  }
  return out;
}

/** A pointer into settings that holds a secret: a shared secret, or a static header's value. */
export function isSecretPointer(pointer: string): boolean {
  return /\/sharedSecret$|\/headers\/[^/]+$/.test(pointer);
}

/**
 * What a violation of settings (a config, webhook settings) may show of the value it received: at a secret's
 * pointer only that one is set, whatever its type (a string there is redactViolation's); an object or list with every secret in it redacted (a
 * `headers` object has only values). Undefined when the value shows nothing secret (a plain value elsewhere).
 */
export function redactedSettingsValue(pointer: string, received: unknown): { readonly shown: unknown } | undefined {
  // A string at a secret's pointer is redactViolation's (toViolations applies it): not redacted twice.
  if (received === undefined || (typeof received === 'string' && isSecretPointer(pointer))) return undefined;
  if (isSecretPointer(pointer)) return { shown: redactedValue(JSON.stringify(received) ?? '') };
  if (typeof received !== 'object' || received === null) return undefined;
  if (/\/headers$/.test(pointer) && !Array.isArray(received))
    return { shown: redactHeaders(received as Record<string, unknown>) };
  return { shown: redactSettings(received) };
}

/** A violation whose message and `received` no longer hold the secret it was about. */
export function redactViolation(violation: SchemaViolation): SchemaViolation {
  const { received } = violation;
  // A header's name (propertyNames) is no secret: only values are redacted.
  if (typeof received !== 'string' || !isSecretPointer(violation.pointer) || violation.rule === 'propertyNames') {
    return {
      ...violation,
      message: redactUrlPasswords(violation.message),
      ...(typeof received === 'string' ? { received: redactUrlPasswords(received) } : {}),
    };
  }
  // The value is always last in a message ("...; received string \"...\""): everything after it goes.
  const cut = violation.message.lastIndexOf('; received ');
  const head = cut === -1 ? violation.message : violation.message.slice(0, cut);
  const shown = redactedValue(received);
  return { ...violation, received: shown, message: `${head}; received string ${JSON.stringify(shown)}` };
}
