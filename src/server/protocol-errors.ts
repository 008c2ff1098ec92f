import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';

const ANSWERS: Readonly<Record<string, { status: number; reason: string; code: string; message: string }>> = {
  HPE_HEADER_OVERFLOW: {
    status: 431,
    reason: 'Request Header Fields Too Large',
    code: 'HEADERS_TOO_LARGE',
    message: 'the request headers are over 16 KiB; send fewer or shorter headers',
  },
  ERR_HTTP_REQUEST_TIMEOUT: {
    status: 408,
    reason: 'Request Timeout',
    code: 'REQUEST_TIMEOUT',
    message:
      'the request headers and body did not arrive in time (headers within 20 s, the whole request within 30 s); send the request at once',
  },
};

/** How long a refused connection's answer may take to leave before the socket is destroyed anyway. */
const ANSWER_FLUSH_MS = 1_000;

/** The raw HTTP answer to a request Node's parser refused, in the service's one JSON error shape. */
export function protocolErrorAnswer(errorCode: string | undefined): string {
  const answer = (errorCode !== undefined ? ANSWERS[errorCode] : undefined) ?? {
    status: 400,
    reason: 'Bad Request',
    code: 'BAD_REQUEST',
    message: `the request is not valid HTTP/1.1 (${errorCode ?? 'parse error'}); check the request line, the headers and Content-Length or Transfer-Encoding`,
  };
  const body = JSON.stringify({ success: false, code: answer.code, message: answer.message });
  return `HTTP/1.1 ${answer.status} ${answer.reason}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`;
}

/**
 * Replaces Hapi's clientError handler, which answers a bare `400 Bad Request` with no body: a malformed
 * request line, a lying Content-Length, oversized headers or a dribbling client get the JSON shape too.
 */
export function answerProtocolErrorsAsJson(listener: Server): void {
  // The answer each connection is writing now: once its head is out, another answer would corrupt the stream.
  const answering = new WeakMap<Duplex, ServerResponse>();
  listener.on('request', (req: IncomingMessage, res: ServerResponse) => {
    answering.set(req.socket, res);
    res.once('finish', () => {
      if (answering.get(req.socket) === res) answering.delete(req.socket);
    });
  });
  listener.removeAllListeners('clientError');
  listener.on('clientError', (error: NodeJS.ErrnoException, socket: Duplex) => {
    const started = answering.get(socket)?.headersSent === true;
    if (error.code === 'ECONNRESET' || !socket.writable || started) {
      socket.destroy();
      return;
    }
    // Answered, then closed whole: a half-closed socket whose client never reads would keep its slot (FIN-WAIT-2).
    socket.end(protocolErrorAnswer(error.code), () => socket.destroy());
    setTimeout(() => socket.destroy(), ANSWER_FLUSH_MS).unref();
  });
}
