/** rule 6.2: the audience name in snake_case: lower case, runs of non-alphanumerics become `_`, trimmed. */
export function audienceTraitKey(name: string): string {
  return name
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '_')
    .replace(/^_+|_+$/g, '');
}
