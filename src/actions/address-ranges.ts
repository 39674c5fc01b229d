import ipaddr from 'ipaddr.js';
import { isIP } from 'node:net';

/**
 * The address classes of the outbound address guard (docs/security.md, "Address guard"): every
 * address that is not global unicast has one, taken from ipaddr.js's special-purpose range tables
 * (`range()`), with names of our own where its names are unclear (its `reserved` mixes
 * documentation, benchmarking and future-use blocks).
 */
export type AddressClass =
  | 'loopback'
  | 'private'
  | 'link-local'
  | 'unspecified'
  | 'multicast'
  | 'broadcast'
  | 'documentation'
  | 'benchmarking'
  | 'reserved'
  | 'IETF protocol assignment'
  | 'Teredo'
  | 'NAT64 local-use'
  | 'discard-only'
  | '6to4 relay'
  | 'AS112'
  | 'AMT'
  | 'ORCHID'
  | 'drone remote ID'
  | 'segment routing'
  | 'non-global IPv6';

type Ip = ipaddr.IPv4 | ipaddr.IPv6;

const cidr = (text: string): [Ip, number] => ipaddr.parseCIDR(text);

/** Our names for blocks inside ipaddr.js's `reserved` (and 64:ff9b:1::/48 inside its rfc6052). */
const REFINED: Record<string, Array<[Ip, number]>> = {
  documentation: [
    cidr('192.0.2.0/24'),
    cidr('198.51.100.0/24'),
    cidr('203.0.113.0/24'),
    cidr('2001:db8::/32'),
    cidr('3fff::/20'),
  ],
  benchmarking: [cidr('198.18.0.0/15')],
  'IETF protocol assignment': [cidr('192.0.0.0/24'), cidr('2001::/23')],
  '6to4 relay': [cidr('192.88.99.0/24')],
  'NAT64 local-use': [cidr('64:ff9b:1::/48')],
};

/** ipaddr.js range names -> ours (`unicast` and the IPv4-carrying IPv6 forms are not here). */
const NAMED: Readonly<Record<string, AddressClass>> = {
  unspecified: 'unspecified',
  broadcast: 'broadcast',
  multicast: 'multicast',
  linkLocal: 'link-local',
  loopback: 'loopback',
  private: 'private',
  carrierGradeNat: 'private',
  uniqueLocal: 'private',
  deprecatedSiteLocal: 'private',
  reserved: 'reserved',
  benchmarking: 'benchmarking',
  as112: 'AS112',
  as112v6: 'AS112',
  amt: 'AMT',
  discard: 'discard-only',
  teredo: 'Teredo',
  deprecatedOrchid: 'ORCHID',
  orchid2: 'ORCHID',
  droneRemoteIdProtocolEntityTags: 'drone remote ID',
  segmentRouting: 'segment routing',
  rfc6052: 'NAT64 local-use',
};

const GLOBAL_UNICAST_V6 = cidr('2000::/3');
const NAT64_WELL_KNOWN = cidr('64:ff9b::/96');

/** An IP address in any spelling net.isIP accepts (an IPv6 zone id ignored), or undefined. */
export function parseIp(text: string): Ip | undefined {
  const bare = text.split('%')[0]!;
  return isIP(bare) === 0 ? undefined : ipaddr.parse(bare);
}

/**
 * The class of an address the guard refuses unless allowlisted, or undefined for a global unicast
 * one (and for text that is no IP address). IPv6 forms carrying an IPv4 address are classed by
 * that address: IPv4-mapped ::ffff:0:0/96, IPv4-translated ::ffff:0:0:0/96, IPv4-compatible
 * ::/96, NAT64 64:ff9b::/96 and 6to4 2002::/16.
 */
export function addressClass(text: string): AddressClass | undefined {
  const ip = parseIp(text);
  if (ip === undefined) return undefined;
  if (!(ip instanceof ipaddr.IPv6)) return classOf(ip, ip.range());
  const carried = embeddedIpv4(ip);
  if (carried !== undefined) return classOf(carried, carried.range());
  const range: string = ip.range();
  if (range === 'unicast') return ip.match(GLOBAL_UNICAST_V6) ? undefined : 'non-global IPv6';
  return classOf(ip, range);
}

function classOf(ip: Ip, range: string): AddressClass | undefined {
  if (range === 'unicast') return undefined;
  if (range === 'reserved' || range === 'rfc6052') {
    const refined = ipaddr.subnetMatch(ip, REFINED, '');
    if (refined !== '') return refined as AddressClass;
  }
  return NAMED[range] ?? 'reserved';
}

/** The IPv4 address an IPv6 address carries in one of the forms addressClass names. */
export function embeddedIpv4(ip: ipaddr.IPv6): ipaddr.IPv4 | undefined {
  const p = ip.parts;
  const range: string = ip.range();
  const tail = () => new ipaddr.IPv4([p[6]! >> 8, p[6]! & 0xff, p[7]! >> 8, p[7]! & 0xff]);
  if (range === 'ipv4Mapped' || range === 'rfc6145') return tail();
  if (ip.match(NAT64_WELL_KNOWN)) return tail();
  if (range === '6to4')
    return new ipaddr.IPv4([p[1]! >> 8, p[1]! & 0xff, p[2]! >> 8, p[2]! & 0xff]);
  // ::/96 (IPv4-compatible), without :: and ::1 themselves (their own ranges).
  const compatible = p.slice(0, 6).every((x) => x === 0) && (p[6] !== 0 || p[7]! > 1);
  return compatible ? tail() : undefined;
}

/**
 * One spelling per address, for comparing with the allowlist and this host's addresses: an
 * IPv4-mapped or IPv4-compatible IPv6 address as its IPv4 address (a connection to it reaches
 * that IPv4 host), other IPv6 addresses in full lower-case form, no zone id.
 */
export function canonicalIp(text: string): string | undefined {
  const ip = parseIp(text);
  if (ip === undefined) return undefined;
  if (!(ip instanceof ipaddr.IPv6)) return ip.toString();
  const range: string = ip.range();
  const p = ip.parts;
  if (
    range === 'ipv4Mapped' ||
    (p.slice(0, 6).every((x: number) => x === 0) && range === 'unicast')
  ) {
    return (embeddedIpv4(ip) ?? ip).toString();
  }
  return ip.toNormalizedString();
}
