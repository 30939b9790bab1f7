import { type LookupAddress, type LookupAllOptions, type LookupOneOptions, lookup } from 'node:dns';
import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';

type Range = [ipaddr.IPv4 | ipaddr.IPv6, number];
const ranges = (cidrs: string[]): Range[] => cidrs.map((cidr) => ipaddr.parseCIDR(cidr));

/**
 * Addresses a webhook never reaches (SSRF): every entry of IANA's IPv4 special-purpose address registry
 * (iana-ipv4-special-registry, 2025), globally reachable ones included (a webhook has no business with
 * AS112 or an anycast relay), and multicast.
 */
const IPV4_SPECIAL = ranges([
  '0.0.0.0/8', // "this network"
  '10.0.0.0/8', // private
  '100.64.0.0/10', // shared address space (carrier-grade NAT)
  '127.0.0.0/8', // loopback
  '169.254.0.0/16', // link-local (cloud metadata at 169.254.169.254)
  '172.16.0.0/12', // private
  '192.0.0.0/24', // IETF protocol assignments (DS-Lite, NAT64 discovery, PCP and TURN anycast...)
  '192.0.2.0/24', // documentation (TEST-NET-1)
  '192.31.196.0/24', // AS112-v4
  '192.52.193.0/24', // AMT
  '192.88.99.0/24', // deprecated 6to4 relay anycast, 6a44 relay
  '192.168.0.0/16', // private
  '192.175.48.0/24', // AS112 direct delegation
  '198.18.0.0/15', // benchmarking
  '198.51.100.0/24', // documentation (TEST-NET-2)
  '203.0.113.0/24', // documentation (TEST-NET-3)
  '224.0.0.0/4', // multicast (its own registry)
  '240.0.0.0/4', // reserved, and 255.255.255.255 limited broadcast
]);

/**
 * IPv6: only global unicast (2000::/3, the one block IANA's IPv6 address space registry allocates) may be
 * reached, less the entries of the IPv6 special-purpose registry that lie inside it. The registry's other
 * entries (::1, ::, 64:ff9b:1::/48, 100::/64, 100:0:0:1::/64, 5f00::/16, fc00::/7, fe80::/10) and
 * multicast, deprecated site-local fec0::/10 and SIIT's ::ffff:0:0:0/96 fall outside 2000::/3.
 */
const IPV6_GLOBAL_UNICAST = ranges(['2000::/3']);
const IPV6_SPECIAL = ranges([
  '2001::/23', // IETF protocol assignments: Teredo, anycast, benchmarking, AMT, AS112-v6, ORCHID, drone IDs
  '2001:db8::/32', // documentation
  '2620:4f:8000::/48', // AS112 direct delegation
  '3fff::/20', // documentation
]);

/**
 * IPv6 forms that carry an IPv4 address, with the byte where it starts: each is judged as the IPv4 address
 * it carries (which is where NAT64, 6to4 or a dual-stack socket would take the connection).
 */
const CARRIES_IPV4: [Range, number][] = [
  [ipaddr.parseCIDR('::ffff:0:0/96'), 12], // IPv4-mapped
  [ipaddr.parseCIDR('::/96'), 12], // IPv4-compatible (deprecated; :: and ::1 read as 0.0.0.0 and 0.0.0.1)
  [ipaddr.parseCIDR('64:ff9b::/96'), 12], // NAT64, well-known prefix
  [ipaddr.parseCIDR('2002::/16'), 2], // 6to4
];

const within = (address: ipaddr.IPv4 | ipaddr.IPv6, list: Range[]) => list.some((range) => address.match(range));

/** Whether an IP address is one a webhook may not reach; anything that is not an address counts as one. */
export function isPrivateAddress(address: string): boolean {
  // node's check first: ipaddr.js also reads spellings like 0x7f.1 that neither URLs nor DNS answers carry.
  if (isIP(address) === 0) return true;
  let parsed = ipaddr.parse(address);
  if (parsed.kind() === 'ipv6') {
    const carrier = CARRIES_IPV4.find(([range]) => parsed.match(range));
    if (!carrier) return !within(parsed, IPV6_GLOBAL_UNICAST) || within(parsed, IPV6_SPECIAL);
    const start = carrier[1];
    parsed = ipaddr.fromByteArray(parsed.toByteArray().slice(start, start + 4));
  }
  return within(parsed, IPV4_SPECIAL);
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
