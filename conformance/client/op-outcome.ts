/** How one protocol request ended: an answer line, no answer in time, the driver gone, or given up on by the caller. */
export type OpOutcome =
  | {
      readonly kind: 'answer';
      readonly ok: boolean;
      readonly error?: string;
      readonly line: Readonly<Record<string, unknown>>;
    }
  | { readonly kind: 'timeout'; readonly ms: number }
  | { readonly kind: 'exited'; readonly code: number | null; readonly signal: NodeJS.Signals | null }
  | { readonly kind: 'stopped'; readonly reason: string };
