// How the page writes times and durations.

export function fmtTime(value) {
  if (value === undefined || value === null || value === '') return '';
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? String(value) : date.toISOString().replace('T', ' ').replace('Z', '');
}

export function fmtDuration(ms) {
  const sign = ms < 0 ? '-' : '';
  const a = Math.abs(ms);
  if (a < 1000) return `${sign}${Math.round(a)} ms`;
  if (a < 60_000) return `${sign}${(a / 1000).toFixed(1)} s`;
  if (a < 3_600_000) return `${sign}${(a / 60_000).toFixed(1)} min`;
  return `${sign}${(a / 3_600_000).toFixed(2)} h`;
}
