// Free of ava and of the harness helpers: bench/soak-failover.ts runs it outside the test runner.
const basicAuth = (writeKey: string) => `Basic ${Buffer.from(`${writeKey}:`).toString('base64')}`;

/** One answer the load got: its status (0: no answer before the client gave up), its time and Retry-After. */
export interface LoadAnswer {
  /** When the request was sent (epoch ms). */
  readonly at: number;
  readonly status: number;
  readonly ms: number;
  readonly retryAfter: string | null;
  readonly node: number;
}

export interface SteadyLoad {
  /**
   * Stops sending new batches and resolves once every batch is answered 200 somewhere, or once `boundMs` passed
   * (then the batches still unanswered are given up).
   */
  stop(boundMs?: number): Promise<void>;
  readonly answers: LoadAnswer[];
  /** Every messageId sent; each batch is sent again (same ids) until a node answers 200. */
  readonly sent: Set<string>;
  /** messageIds of batches some node answered 200. */
  readonly acknowledged: Set<string>;
}

/**
 * A steady load of collection batches over `nodes`, as a client that retries does: each batch goes to the next
 * node; an answer other than 200 (or none within `timeoutMs`) sends the same batch, same messageIds, to the next
 * node after its Retry-After (at most 1 s). `senders` batches are in flight at once.
 */
export function steadyLoad(
  nodes: readonly string[],
  options: { writeKey: string; senders?: number; batchSize?: number; timeoutMs?: number; prefix?: string },
): SteadyLoad {
  const answers: LoadAnswer[] = [];
  const sent = new Set<string>();
  const acknowledged = new Set<string>();
  const batchSize = options.batchSize ?? 5;
  const timeoutMs = options.timeoutMs ?? 15_000;
  let stopping = false;
  let givenUp = false;
  let next = 0;
  let batchNumber = 0;
  const sendOnce = async (node: number, body: string): Promise<LoadAnswer> => {
    const started = Date.now();
    try {
      const response = await fetch(`${nodes[node]}/v1/batch`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: basicAuth(options.writeKey) },
        body,
        signal: AbortSignal.timeout(timeoutMs),
      });
      await response.arrayBuffer();
      return {
        at: started,
        status: response.status,
        ms: Date.now() - started,
        retryAfter: response.headers.get('retry-after'),
        node,
      };
    } catch {
      return { at: started, status: 0, ms: Date.now() - started, retryAfter: null, node };
    }
  };
  /** Sends one batch to the nodes in turn until one accepts it (true), or the load is given up (false). */
  const sendUntilAccepted = async (body: string): Promise<boolean> => {
    while (!givenUp) {
      const answer = await sendOnce(next++ % nodes.length, body);
      answers.push(answer);
      if (answer.status === 200) return true;
      const wait = Math.min(1_000, Number(answer.retryAfter ?? '0.2') * 1_000 || 200);
      await new Promise((resolve) => setTimeout(resolve, wait));
    }
    return false;
  };
  const sender = async (): Promise<void> => {
    while (!stopping) {
      const number = batchNumber++;
      const ids = Array.from({ length: batchSize }, (_, i) => `${options.prefix ?? 'load'}-${number}-${i}`);
      for (const id of ids) sent.add(id);
      const body = JSON.stringify({
        batch: ids.map((messageId, i) => ({ type: 'track', event: 'Load', userId: `u${i}`, messageId })),
      });
      if (!(await sendUntilAccepted(body))) return;
      for (const id of ids) acknowledged.add(id);
    }
  };
  const running = Array.from({ length: options.senders ?? 4 }, () => sender());
  return {
    answers,
    sent,
    acknowledged,
    async stop(boundMs = 60_000) {
      stopping = true;
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([
        Promise.all(running),
        new Promise((resolve) => {
          timer = setTimeout(resolve, boundMs);
        }),
      ]);
      clearTimeout(timer);
      givenUp = true;
    },
  };
}
