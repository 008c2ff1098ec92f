import { isIP } from 'node:net';

/** The names a mock bound to loopback answers for, besides those given with --allow-host. */
export const LOOPBACK_HOSTS: readonly string[] = ['127.0.0.1', 'localhost', '[::1]'];

/** Whether the server's bind address is a loopback one, where the Host allowlist applies. */
export function isLoopbackBind(host: string): boolean {
  const bare = host.startsWith('[') ? host.slice(1, -1) : host;
  if (bare === 'localhost') return true;
  if (isIP(bare) === 4) return bare.startsWith('127.');
  return bare === '::1';
}

/** The host name of a Host header value, lower case, without port or trailing dot; IPv6 keeps its brackets. */
export function hostNameOf(header: string): string {
  const value = header.trim().toLowerCase();
  if (value.startsWith('[')) {
    const end = value.indexOf(']');
    return end === -1 ? value : value.slice(0, end + 1);
  }
  const colon = value.indexOf(':');
  const name = colon === -1 ? value : value.slice(0, colon);
  return name.endsWith('.') ? name.slice(0, -1) : name;
}

/**
 * The Host allowlist: a page that rebinds its own DNS name to 127.0.0.1 reaches the mock as same-origin to
 * itself, but its requests still carry its own name in Host, which is not one of these.
 */
export class HostAllowlist {
  readonly names: readonly string[];
  readonly #names: ReadonlySet<string>;

  constructor(bindHost: string, extra: readonly string[] = []) {
    const bound = bindHost.includes(':') && !bindHost.startsWith('[') ? `[${bindHost}]` : bindHost;
    this.names = [...new Set([...LOOPBACK_HOSTS, bound.toLowerCase(), ...extra.map((name) => hostNameOf(name))])];
    this.#names = new Set(this.names);
  }

  allows(hostHeader: string | undefined): boolean {
    // A request without Host (HTTP/1.0, a raw socket) is not a browser's: browsers always send it.
    return hostHeader === undefined || this.#names.has(hostNameOf(hostHeader));
  }
}
