import { randomInt } from 'node:crypto';

/** A seed for a run that was given none; the report prints it, so the run can be replayed. */
export function randomSeed(): number {
  return randomInt(0, 2 ** 31 - 1);
}
