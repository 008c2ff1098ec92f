import { ClientCallRefusedError, ClientClosedError } from '../errors/client-errors.js';
import type { MessageType } from '../actors/client/message-input.js';
import type { DriverClient } from './driver-client.js';
import { PendingCallbacks } from './pending-callbacks.js';

type Callback = (error?: unknown) => void;

/**
 * The API of analytics-node 6 and its fork @rudderstack/rudder-sdk-node: a method per call kind that takes a
 * callback (fired once the request carrying the call settled, retries included), and `flush()`, which sends
 * at most flushAt queued calls in one request and does not wait for requests already on the wire.
 */
export type CallbackSdk = Record<MessageType, (message: unknown, callback: Callback) => unknown> & {
  flush(callback?: Callback): Promise<unknown>;
};

/** The wire's ISO 8601 `timestamp` as the Date these SDKs take (their validation refuses a string). */
function toSdkMessage(message: unknown): unknown {
  if (message === null || typeof message !== 'object' || Array.isArray(message)) return message;
  const { timestamp } = message as { timestamp?: unknown };
  if (typeof timestamp !== 'string' || Number.isNaN(Date.parse(timestamp))) return message;
  return { ...message, timestamp: new Date(timestamp) };
}

/**
 * A callback SDK behind the driver protocol. A call the SDK refuses (its validation throws) is a refusal;
 * flush and close call the SDK's flush until every queued call has left, then wait until every call's callback
 * has fired: that callback is the SDK's own word that the call is settled (delivered or given up on).
 */
export function callbackSdkClient(sdk: CallbackSdk, packageName: string, flushAt: number): DriverClient {
  const pending = new PendingCallbacks();
  let closed = false;
  async function drain() {
    // Each flush() takes at most flushAt calls off the queue; extra rounds on an empty queue do nothing.
    const rounds = Math.ceil(pending.count / flushAt) + 1;
    for (let round = 0; round < rounds; round++) {
      sdk
        .flush()
        .catch((error: unknown) =>
          process.stderr.write(`${packageName} flush: ${error instanceof Error ? error.message : String(error)}\n`),
        );
    }
    await pending.settled();
  }
  return {
    call(op, message) {
      if (closed) throw new ClientClosedError(op);
      const { done, abandon } = pending.add();
      try {
        sdk[op](toSdkMessage(message), done);
      } catch (error) {
        abandon();
        throw new ClientCallRefusedError(packageName, op, error);
      }
    },
    async flush() {
      await drain();
      return {};
    },
    async close() {
      closed = true;
      await drain();
      return {};
    },
  };
}
