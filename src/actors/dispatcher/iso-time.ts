let lastMs = Number.NaN;
let lastIso = '';

/**
 * new Date(ms).toISOString(), remembering the last answer: a busy dispatcher stamps many attempts within
 * the same millisecond, and formatting a date costs more than the rest of recording an attempt.
 */
export function isoTime(ms: number): string {
  if (ms !== lastMs) {
    lastIso = new Date(ms).toISOString();
    lastMs = ms;
  }
  return lastIso;
}
