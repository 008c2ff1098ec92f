import type { MockConnection } from './mock-connection.js';
import type { TargetPolicy } from './target-policy.js';

/** Sample calls as a client sends them to the collection API (the CLI's `trigger` samples). */
export interface SampleCalls {
  /** The call types there are samples of (track, identify, ...). */
  readonly types: readonly [string, ...string[]];
  call(type: string, options: { readonly n: number; readonly userId?: string }): Record<string, unknown>;
}

/** The request one sample webhook was sent with: exact body, every header as written. */
export interface SentWebhook {
  readonly request: { readonly url: string; readonly headers: Readonly<Record<string, string>>; readonly body: string };
  readonly exchange: {
    readonly status?: number;
    readonly headers?: Readonly<Record<string, string | string[] | undefined>>;
    readonly body?: string;
    readonly error?: string;
    readonly durationMs: number;
  };
  readonly verdict: { readonly ok: boolean; readonly outcome: string; readonly line: string };
}

/** One signed webhook as the service sends it (what `event-harness send` does). */
export interface WebhookSender {
  /** The payload kinds it can send (every call type, and delete). */
  readonly types: readonly [string, ...string[]];
  send(webhook: {
    readonly url: URL;
    readonly type: string;
    readonly data?: Readonly<Record<string, unknown>>;
    readonly secret?: string;
    readonly headers?: Readonly<Record<string, string>>;
    readonly timeoutMs: number;
  }): Promise<SentWebhook>;
}

/** What every tool is given: the mock, the user's target policy, and the CLI's samples and sender. */
export interface McpContext {
  readonly connection: MockConnection;
  readonly targets: TargetPolicy;
  readonly samples: SampleCalls;
  readonly webhooks: WebhookSender;
}
