import { lookup as dnsLookup, type LookupAddress, type LookupOptions } from 'node:dns';
import { BlockList, isIP } from 'node:net';

/** The attempt error of a webhook target refused by the outbound policy: not retried (its address will not change in 4 h). */
export const TARGET_ADDRESS_REFUSED = 'TARGET_ADDRESS_REFUSED';

// Every range that is not the public internet: a shared mock must not be made to call into its own network.
const NON_PUBLIC = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  NON_PUBLIC.addSubnet(network, prefix, 'ipv4');
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
  ['64:ff9b::', 96],
  ['100::', 64],
  ['2001:db8::', 32],
] as const)
  NON_PUBLIC.addSubnet(network, prefix, 'ipv6');

/** Whether an IP address is private, loopback, link-local, multicast, reserved or documentation space. */
export function isNonPublicAddress(address: string): boolean {
  const bare = address.startsWith('[') ? address.slice(1, -1) : address;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(bare)?.[1];
  if (mapped !== undefined) return NON_PUBLIC.check(mapped, 'ipv4');
  const family = isIP(bare);
  if (family === 0) return false;
  return NON_PUBLIC.check(bare, family === 4 ? 'ipv4' : 'ipv6');
}

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

function refused(hostname: string, address: string): NodeJS.ErrnoException {
  const error: NodeJS.ErrnoException = new Error(
    `${hostname} resolves to ${address}, which is not a public address; the outbound policy (delivery.blockPrivateTargets) refuses it`,
  );
  error.code = TARGET_ADDRESS_REFUSED;
  return error;
}

/**
 * A `lookup` for node:http that resolves as usual, then refuses the connection when any address it got
 * is not public: checked after DNS, so a public name pointing at 10.0.0.1 or 127.0.0.1 is refused too.
 */
export function publicOnlyLookup(hostname: string, options: LookupOptions, callback: LookupCallback): void {
  dnsLookup(hostname, { ...options, all: true }, (error, addresses) => {
    if (error !== null) {
      callback(error, []);
      return;
    }
    const blocked = addresses.find((a) => isNonPublicAddress(a.address));
    if (blocked !== undefined) {
      callback(refused(hostname, blocked.address), []);
      return;
    }
    if (options.all === true) callback(null, addresses);
    else callback(null, addresses[0]?.address ?? '', addresses[0]?.family ?? 4);
  });
}

/** An IP literal never reaches `lookup`: it is checked here before connecting. */
export function refusedLiteral(hostname: string): boolean {
  return isIP(hostname.startsWith('[') ? hostname.slice(1, -1) : hostname) !== 0 && isNonPublicAddress(hostname);
}
