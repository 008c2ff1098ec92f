const QUOTED = /['\\]/;
const QUOTES = /['\\]/g;

/**
 * A string as an SQL literal, whatever `standard_conforming_strings` says: plain when it holds no quote or
 * backslash, else an escape string (E'...') with both doubled. Statements with literal values go several to
 * one simple query (one round trip), where parameters would need a round trip each.
 */
export function sqlLiteral(value: string | null): string {
  if (value === null) return 'NULL';
  return QUOTED.test(value) ? `E'${value.replace(QUOTES, '$&$&')}'` : `'${value}'`;
}
