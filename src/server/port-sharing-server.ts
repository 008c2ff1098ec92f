import { Server as HttpServer, type ServerOptions } from 'node:http';
import { createServer as createNetServer, type AddressInfo, type ListenOptions } from 'node:net';

/** The listen options of the Node lines that have reusePort (22.12 and 23.1 on); older lines ignore it. */
type SharedListenOptions = ListenOptions & { readonly reusePort?: boolean };

/**
 * Whether this Node line binds a port with SO_REUSEPORT when asked (`server.listen({ reusePort: true })`, Node
 * 22.12 and 23.1 on) on a platform where the kernel spreads connections among the sockets (Linux, FreeBSD). Where it
 * does not, a second socket on the port gets EADDRINUSE: serve then runs without ingest threads.
 */
export function supportsReusePort(version = process.versions.node, platform = process.platform): boolean {
  if (platform !== 'linux' && platform !== 'freebsd') return false;
  const [major = 0, minor = 0] = version.split('.').map(Number);
  return major > 23 || (major === 23 && minor >= 1) || (major === 22 && minor >= 12);
}

/**
 * node:http's server for a listener whose port serve's ingest threads bind too (SO_REUSEPORT): Hapi listens with
 * (port, host, callback), and this listens with the same and reusePort. The port is first bound alone, without
 * reusePort: a port another process listens on is then refused (EADDRINUSE) as without threads, rather than shared
 * with it (a second `serve --port N` of the same user would otherwise take half of the first one's connections).
 */
export class PortSharingServer extends HttpServer {
  constructor(options: ServerOptions) {
    super(options);
  }

  override listen(...args: unknown[]): this {
    const [port, host, callback] = args as [number | undefined, string | undefined, (() => void) | undefined];
    const probe = createNetServer();
    probe.once('error', (error) => this.emit('error', error));
    probe.listen({ port: port ?? 0, host, exclusive: true }, () => {
      const bound = (probe.address() as AddressInfo).port;
      probe.close(() => {
        const options: SharedListenOptions = { port: bound, host, reusePort: true };
        super.listen(options, callback);
      });
    });
    return this;
  }
}
