import fc from 'fast-check';
import type { FaultRule } from '../../src/index.js';

/**
 * What the mock does to one collection request, in arrival order: `ok` handles it normally. The schedule
 * is part of a clause's generated value, so fast-check shrinks it along with the calls.
 */
export type FaultStep =
  | { readonly kind: 'ok' }
  | { readonly kind: 'status'; readonly status: number }
  | { readonly kind: 'retry-after'; readonly seconds: number }
  | { readonly kind: 'reset' }
  | { readonly kind: 'delay'; readonly ms: number };

/** The step as a report shows it: "503", "429 Retry-After: 1", "reset", "delay 300 ms", "ok". */
export function describeFault(step: FaultStep): string {
  switch (step.kind) {
    case 'ok':
      return 'ok';
    case 'status':
      return String(step.status);
    case 'retry-after':
      return `429 Retry-After: ${step.seconds}`;
    case 'reset':
      return 'reset';
    case 'delay':
      return `delay ${step.ms} ms`;
  }
}

/** The step as a rule of the mock's fault injection (docs/decisions.md), one request each; `ok` is a zero delay. */
export function faultRule(step: FaultStep): FaultRule {
  switch (step.kind) {
    case 'ok':
      return { count: 1, delayMs: 0 };
    case 'status':
      return { count: 1, status: step.status };
    case 'retry-after':
      return { count: 1, status: 429, retryAfter: step.seconds };
    case 'reset':
      return { count: 1, reset: true };
    case 'delay':
      return { count: 1, delayMs: step.ms };
  }
}

export const ok: FaultStep = { kind: 'ok' };

/** 500, 502, 503 or 504. */
export function serverError(): fc.Arbitrary<FaultStep> {
  return fc.constantFrom(503, 500, 502, 504).map((status) => ({ kind: 'status', status }));
}

/** A slow answer, well inside any sensible client timeout. */
export function slowAnswer(maxMs = 600): fc.Arbitrary<FaultStep> {
  return fc.integer({ min: 100, max: maxMs }).map((ms) => ({ kind: 'delay', ms: Math.round(ms / 50) * 50 }));
}

export function connectionReset(): fc.Arbitrary<FaultStep> {
  return fc.constant({ kind: 'reset' });
}

/** A 429 without Retry-After: the client's own backoff decides. */
export function tooManyRequests(): fc.Arbitrary<FaultStep> {
  return fc.constant({ kind: 'status', status: 429 });
}

export function isFailure(step: FaultStep): boolean {
  return step.kind === 'status' || step.kind === 'retry-after' || step.kind === 'reset';
}

/**
 * A schedule of up to `maxFailures` failures a retrying client must ride out, mixed with normal answers;
 * shrinks towards no faults at all. `kinds` picks which failures may appear.
 */
export function retryableSchedule(
  kinds: readonly fc.Arbitrary<FaultStep>[],
  maxFailures: number,
): fc.Arbitrary<readonly FaultStep[]> {
  const step = fc.oneof(
    { arbitrary: fc.constant(ok), weight: 1 },
    ...kinds.map((arbitrary) => ({ arbitrary, weight: 2 })),
  );
  return fc
    .array(step, { maxLength: maxFailures + 2 })
    .filter((steps) => steps.filter(isFailure).length <= maxFailures);
}
