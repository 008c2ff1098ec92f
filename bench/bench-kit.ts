/** Shared timing helpers: every benchmark runs ours and a baseline in the same process and prints the ratio. */
export function opsPerSecond(fn: () => void, minMs = 1_000): number {
  for (let i = 0; i < 200; i++) fn();
  let ops = 0;
  const start = performance.now();
  let elapsed = 0;
  while (elapsed < minMs) {
    for (let i = 0; i < 100; i++) fn();
    ops += 100;
    elapsed = performance.now() - start;
  }
  return (ops / elapsed) * 1000;
}

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 0 ? ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2 : (sorted[mid] ?? 0);
}

export function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

export const fmt = (n: number, digits = 0) =>
  n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });

export function report(title: string, rows: Record<string, string | number>): void {
  console.log(title);
  for (const [key, value] of Object.entries(rows)) console.log(`  ${key.padEnd(34)} ${value}`);
}
