import type { IncomingMessage, ServerResponse } from 'node:http';

type RequestListener = (req: IncomingMessage, res: ServerResponse) => void;

const OBSERVERS = new WeakSet<RequestListener>();

/**
 * Marks a 'request' listener that only watches requests (the connection slots, the stop gate) and answers none:
 * serve's collection fast path, which takes the listener's requests over, keeps it on the listener for every request.
 */
export function requestObserver(listener: RequestListener): RequestListener {
  OBSERVERS.add(listener);
  return listener;
}

export function isRequestObserver(listener: unknown): boolean {
  return typeof listener === 'function' && OBSERVERS.has(listener as RequestListener);
}
