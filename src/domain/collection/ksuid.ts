import { randomFillSync } from 'node:crypto';

/**
 * KSUIDs (K-Sortable Unique IDentifiers, segmentio/ksuid): 20 bytes, a 4-byte timestamp in seconds since
 * 2014-05-13T16:53:20Z then 16 random bytes, written as 27 base-62 digits. The real service's generated
 * messageIds are `api-` + a KSUID, an Engage Identify's `personas_` + a KSUID (docs/decisions.md, "Fidelity").
 */
/** What the real service's generated messageIds start with (`api-` + a KSUID). */
export const GENERATED_ID_PREFIX = 'api-';
/** What its Engage (audience) Identify calls' messageIds start with (`personas_` + a KSUID). */
export const PERSONAS_ID_PREFIX = 'personas_';

const KSUID_EPOCH_SECONDS = 1_400_000_000;
const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
export const KSUID_LENGTH = 27;
const KSUID_SHAPE = /^[0-9A-Za-z]{27}$/;

/** True when `value` is written as a KSUID is: 27 base-62 digits. */
export function isKsuid(value: string): boolean {
  return KSUID_SHAPE.test(value);
}

/** The KSUID timestamp of a harness time (clamped to the four bytes it has). */
function ksuidSeconds(epochMs: number): number {
  const seconds = Math.floor(epochMs / 1000) - KSUID_EPOCH_SECONDS;
  return Math.min(Math.max(seconds, 0), 0xffff_ffff);
}

/** 20 bytes as 27 base-62 digits: long division of five 32-bit words (each step stays below 2^53). */
function encode(bytes: Uint8Array): string {
  const view = new DataView(bytes.buffer, bytes.byteOffset, 20);
  const words = [0, 4, 8, 12, 16].map((at) => view.getUint32(at));
  let text = '';
  for (let digit = 0; digit < KSUID_LENGTH; digit++) {
    let remainder = 0;
    for (let i = 0; i < 5; i++) {
      const value = remainder * 0x1_0000_0000 + (words[i] as number);
      const quotient = Math.floor(value / 62);
      remainder = value - quotient * 62;
      words[i] = quotient;
    }
    text = (ALPHABET[remainder] as string) + text;
  }
  return text;
}

// Random bytes drawn 4 KiB at a time: one system call per request cost more than the rest of making its id.
const pool = new Uint8Array(4096);
let poolAt = pool.length;

function randomInto(target: Uint8Array, at: number, length: number): void {
  if (poolAt + length > pool.length) {
    randomFillSync(pool);
    poolAt = 0;
  }
  target.set(pool.subarray(poolAt, poolAt + length), at);
  poolAt += length;
}

/** A KSUID for time `epochMs` with random payload bytes; the last `zeroBytes` of them zero (see ksuidPlus). */
export function newKsuid(epochMs: number, zeroBytes = 0): string {
  const bytes = new Uint8Array(20);
  new DataView(bytes.buffer).setUint32(0, ksuidSeconds(epochMs));
  randomInto(bytes, 4, 16 - zeroBytes);
  return encode(bytes);
}

/**
 * The KSUID `base` + `n`, digit by digit: with the last two bytes of `base` zero (newKsuid(ms, 2)) and n below
 * 65,536, every n gives another KSUID of the same time and payload prefix, without a big-number step per id.
 */
export function ksuidPlus(base: string, n: number): string {
  if (n === 0) return base;
  // Most sums stay within the last three digits (62^3 = 238,328): three characters, no carry past them.
  const tail = digitValue(base, 24) * 3844 + digitValue(base, 25) * 62 + digitValue(base, 26) + n;
  if (tail < 238_328)
    return (
      base.slice(0, 24) +
      (ALPHABET[Math.floor(tail / 3844)] as string) +
      (ALPHABET[Math.floor(tail / 62) % 62] as string) +
      (ALPHABET[tail % 62] as string)
    );
  const digits = base.split('');
  let carry = n;
  for (let i = digits.length - 1; i >= 0 && carry > 0; i--) {
    const sum = ALPHABET.indexOf(digits[i] as string) + carry;
    digits[i] = ALPHABET[sum % 62] as string;
    carry = Math.floor(sum / 62);
  }
  return digits.join('');
}

/** The value of the base-62 digit at `index` of `text`. */
function digitValue(text: string, index: number): number {
  const code = text.charCodeAt(index);
  // 0-9, A-Z, a-z in ALPHABET's order.
  return code <= 57 ? code - 48 : code <= 90 ? code - 55 : code - 61;
}

/** The time (whole seconds, as epoch ms) and 16 payload bytes of a KSUID, or undefined when `text` is none. */
export function parseKsuid(text: string): { readonly epochMs: number; readonly payload: Uint8Array } | undefined {
  if (!isKsuid(text)) return undefined;
  let value = 0n;
  for (const digit of text) value = value * 62n + BigInt(ALPHABET.indexOf(digit));
  if (value >= 1n << 160n) return undefined;
  const bytes = new Uint8Array(20);
  for (let i = 19; i >= 0; i--) {
    bytes[i] = Number(value & 0xffn);
    value >>= 8n;
  }
  const seconds = new DataView(bytes.buffer).getUint32(0);
  return { epochMs: (seconds + KSUID_EPOCH_SECONDS) * 1000, payload: bytes.slice(4) };
}
