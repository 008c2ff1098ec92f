/** `count` and `word`, with an s unless the count is 1, for the lines serve logs ("1 ingest thread", "2 ingest threads"). */
export function plural(count: number, word: string): string {
  return `${count.toLocaleString('en-US')} ${word}${count === 1 ? '' : 's'}`;
}
