import { BlockList, isIP } from 'node:net';
import { TargetNotAllowedError } from '../errors/config-errors.js';
import { redactUrlPasswords } from '../errors/redact-url-passwords.js';

/** Hosts off this machine the user let the agent reach (`--allow-target HOST`; `*` for any). */
export interface TargetPolicy {
  readonly allowedHosts: readonly string[];
}

// IPv4-mapped IPv6 addresses (::ffff:127.0.0.1) are checked against the IPv4 ranges by BlockList itself.
const LOOPBACK = new BlockList();
LOOPBACK.addSubnet('127.0.0.0', 8, 'ipv4');
LOOPBACK.addAddress('::1', 'ipv6');

/**
 * Whether a URL's host is this machine's loopback: an address in 127.0.0.0/8 or ::1, or the name localhost.
 * Other names are not resolved: a name is off the machine unless the user allowed it, whatever DNS says today.
 */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.replace(/^\[(.*)\]$/, '$1').toLowerCase();
  if (host === 'localhost') return true;
  const family = isIP(host);
  return family !== 0 && LOOPBACK.check(host, family === 4 ? 'ipv4' : 'ipv6');
}

function allows(policy: TargetPolicy, hostname: string): boolean {
  const host = hostname.replace(/^\[(.*)\]$/, '$1').toLowerCase();
  return policy.allowedHosts.some((allowed) => allowed === '*' || allowed.toLowerCase() === host);
}

/**
 * The http(s) URL an agent gave in `argument`, when it is on loopback or on a host the user allowed; else
 * TargetNotAllowedError naming the argument, the host and the flag that allows it. Nothing is sent before this.
 */
export function allowedTarget(value: string, argument: string, policy: TargetPolicy): URL {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new TargetNotAllowedError(
      `${argument}: expected an absolute http(s) URL such as http://127.0.0.1:3000/hooks, received ${JSON.stringify(redactUrlPasswords(value))}`,
    );
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new TargetNotAllowedError(
      `${argument}: expected an http or https URL, received ${JSON.stringify(redactUrlPasswords(value))}`,
    );
  if (!isLoopbackHost(url.hostname) && !allows(policy, url.hostname))
    throw new TargetNotAllowedError(
      `${argument}: ${url.hostname} is not on this machine's loopback (127.0.0.0/8, ::1, localhost), and the user did not allow it; nothing was sent. The user can allow it by starting the server with --allow-target ${url.hostname}`,
    );
  return url;
}

/** Every http(s) URL in a JSON value (a run's config: webhook URLs of any destination kind), with where it is. */
export function urlsIn(value: unknown, at = ''): { pointer: string; url: string }[] {
  if (typeof value === 'string') return /^https?:\/\//i.test(value.trim()) ? [{ pointer: at, url: value.trim() }] : [];
  if (Array.isArray(value)) return value.flatMap((item, index) => urlsIn(item, `${at}/${index}`));
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([key, child]) => urlsIn(child, `${at}/${key}`));
}
