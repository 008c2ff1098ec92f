/** A received value cut to `max` characters for an error message, with an ellipsis when it was cut. */
export function clipReceived(text: string, max = 80): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}
