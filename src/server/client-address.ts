import type { IncomingMessage } from 'node:http';

/**
 * Header on a request an ingest thread sends on to the main thread's private listener, naming the client's address.
 * Only that listener reads it (see takeClientAddress), and the thread always sets it, so a client cannot choose it.
 */
export const CLIENT_ADDRESS_HEADER = 'x-event-harness-client-address';

const carried = new WeakMap<IncomingMessage, string>();

/**
 * On the private listener only: the client's address as the thread that read the request saw it, taken out of the
 * headers so no handler mistakes it for the client's own.
 */
export function takeClientAddress(req: IncomingMessage): void {
  const address = req.headers[CLIENT_ADDRESS_HEADER];
  delete req.headers[CLIENT_ADDRESS_HEADER];
  if (typeof address === 'string' && address !== '') carried.set(req, address);
}

/** The address of the client that sent the request: the socket's peer, or the one an ingest thread carried. */
export function clientAddressOf(req: IncomingMessage): string {
  return carried.get(req) ?? req.socket.remoteAddress ?? '';
}
