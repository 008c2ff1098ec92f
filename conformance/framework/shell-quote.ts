/** Quotes one argument for a POSIX shell, so a printed replay command can be pasted as is. */
export function shellQuote(arg: string): string {
  if (arg !== '' && /^[\w@%+=:,./<>-]+$/.test(arg) && !/[<>]/.test(arg)) return arg;
  return `'${arg.replaceAll("'", `'\\''`)}'`;
}

export function shellCommand(args: readonly string[]): string {
  return args.map(shellQuote).join(' ');
}
