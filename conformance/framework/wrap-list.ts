/** Items joined by ", " on indented lines of at most `width` columns, so a long list stays readable in help. */
export function wrapList(items: readonly string[], width = 110, indent = '  '): string {
  const lines: string[] = [];
  let line = '';
  for (const [i, item] of items.entries()) {
    const piece = i < items.length - 1 ? `${item},` : item;
    if (line !== '' && indent.length + line.length + 1 + piece.length > width) {
      lines.push(`${indent}${line}`);
      line = piece;
    } else line = line === '' ? piece : `${line} ${piece}`;
  }
  if (line !== '') lines.push(`${indent}${line}`);
  return lines.join('\n');
}
