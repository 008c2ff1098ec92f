/**
 * One line for a server that could not start, saying what happened and what to do, or undefined when the
 * error is not a known start failure (the caller then reports it as unexpected).
 */
export function describeStartFailure(error: unknown, where: { host: string; port: number }): string | undefined {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  const at = `${where.host}:${where.port}`;
  switch (code) {
    case 'EADDRINUSE':
      return `port ${where.port} on ${where.host} is already in use; stop what listens there, or choose another --port (0 picks a free one)`;
    case 'EACCES':
    case 'EPERM':
      return `not allowed to listen on ${at} (ports below 1024 need privileges); choose a --port from 1024 up, or 0 for a free one`;
    case 'EADDRNOTAVAIL':
      return `cannot listen on ${at}: ${where.host} is not an address of this machine; use --host 127.0.0.1, 0.0.0.0 or one of its own addresses`;
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return `cannot listen on ${at}: the host name ${JSON.stringify(where.host)} does not resolve; use --host 127.0.0.1 or an address`;
    default:
      return undefined;
  }
}
