import { type LookupAddress, type LookupAllOptions, type LookupOneOptions, lookup } from 'node:dns';
import { BlockList, isIP } from 'node:net';

/**
 * Addresses a webhook never reaches (SSRF): loopback, private, shared (carrier-grade NAT),
 * link-local (cloud metadata at 169.254.169.254), "this network", multicast and reserved, and their
 * IPv6 counterparts. BlockList also matches IPv4-mapped IPv6 (::ffff:10.0.0.1) against the IPv4 ranges.
 */
const PRIVATE = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.168.0.0', 16],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  PRIVATE.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const) {
  PRIVATE.addSubnet(network, prefix, 'ipv6');
}

/** Whether an IP address is one a webhook may not reach; anything that is not an address counts as one. */
export function isPrivateAddress(address: string): boolean {
  const family = isIP(address);
  return family === 0 || PRIVATE.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

/**
 * Why a webhook URL may not be used, before any name is looked up; null when it may. Only http(s), no
 * user name or password in it, and (unless `allowPrivate`) no private address as its host. The URL
 * parser has already turned spellings like `0x7f.1` or `2130706433` into `127.0.0.1`. Names
 * (`localhost` too) are judged by their addresses when a delivery connects (publicOnlyLookup).
 */
export function webhookUrlProblem(url: string, allowPrivate: boolean): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return 'not a URL';
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return 'only http and https are allowed';
  if (parsed.username !== '' || parsed.password !== '') return 'the URL carries credentials';
  if (allowPrivate) return null;
  const host = parsed.hostname.replace(/^\[(.*)\]$/, '$1'); // an IPv6 address without its brackets
  if (isIP(host) !== 0 && isPrivateAddress(host)) return `${host} is a private address`;
  return null;
}

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/**
 * A `lookup` for the HTTP client that refuses a name when any of its addresses is private, and
 * otherwise hands over exactly the addresses it checked: the connection goes to one of them, so a
 * second answer of the name (DNS rebinding) is never asked for. Host header and TLS SNI stay the name.
 */
export function publicOnlyLookup(hostname: string, options: LookupOneOptions | LookupAllOptions, callback: LookupCallback) {
  lookup(hostname, { ...options, all: true }, (error, addresses) => {
    if (error) return callback(error, []);
    const refused = addresses.find((entry) => isPrivateAddress(entry.address));
    if (refused) {
      return callback(
        Object.assign(new Error(`refused: ${hostname} resolves to ${refused.address}, a private address`), { code: 'EPRIVATE' }),
        [],
      );
    }
    const [first] = addresses;
    if (options.all) return callback(null, addresses);
    if (!first) return callback(Object.assign(new Error(`${hostname} has no address`), { code: 'ENOTFOUND' }), []);
    callback(null, first.address, first.family);
  });
}
