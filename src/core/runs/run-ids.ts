import { randomBytes } from 'node:crypto';

// RFC 4648 base32 in lower case: URL-safe, no look-alike case pairs when read aloud or typed from a log.
const ALPHABET = 'abcdefghijklmnopqrstuvwxyz234567';

/** `length` characters of base32 from the system's CSPRNG (5 bits each: 10 characters are 50 bits). */
function randomBase32(length: number): string {
  const bytes = randomBytes(length);
  let text = '';
  for (const byte of bytes) text += ALPHABET[byte & 31];
  return text;
}

/** A new run id: `run_` + 10 base32 characters (50 random bits: not guessable by another job on a shared server). */
export function newRunId(): string {
  return `run_${randomBase32(10)}`;
}

/** A write key generated for a run whose config names no source: `wk_` + 20 base32 characters (100 bits). */
export function newWriteKey(): string {
  return `wk_${randomBase32(20)}`;
}
