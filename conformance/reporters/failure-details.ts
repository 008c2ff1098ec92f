import type { ClauseResult } from '../framework/suite-report.js';

/** The counterexample as people read it: a request line with headers and body when it has that shape, else JSON. */
export function describeCounterexample(counterexample: unknown): string {
  if (counterexample === null || typeof counterexample !== 'object') return JSON.stringify(counterexample);
  const c = counterexample as { method?: unknown; url?: unknown; headers?: unknown; body?: unknown; answer?: unknown };
  if (typeof c.body !== 'string' || typeof c.headers !== 'object' || c.headers === null) return JSON.stringify(counterexample, null, 2);
  const lines = [`${String(c.method ?? 'POST')} ${String(c.url ?? '')}`.trimEnd()];
  for (const [key, value] of Object.entries(c.headers as Record<string, unknown>)) lines.push(`${key}: ${String(value)}`);
  lines.push('', c.body);
  if (c.answer !== undefined) lines.push('', `answer: ${String(c.answer)}`);
  return lines.join('\n');
}

/** Message, counterexample and replay command of a failed clause, as one block of text. */
export function failureDetails(result: ClauseResult): string {
  const parts = [result.message ?? ''];
  if (result.counterexample !== undefined) parts.push(`counterexample:\n${describeCounterexample(result.counterexample)}`);
  if (result.replay !== undefined) parts.push(`replay: ${result.replay}`);
  return parts.join('\n\n');
}
