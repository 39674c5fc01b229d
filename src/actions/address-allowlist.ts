import ipaddr from 'ipaddr.js';
import { isIP } from 'node:net';
import { canonicalIp, parseIp, type AddressClass } from './address-ranges';

/** The allowlist words naming a whole class; `unspecified` has none (0.0.0.0 reaches the host). */
const CLASS_WORDS: ReadonlySet<string> = new Set<AddressClass>([
  'loopback',
  'private',
  'link-local',
]);

/**
 * WEBHOOK_ALLOWLIST's entries, each one of: a class word (`loopback`, `private`, `link-local`),
 * an IP address, a CIDR range (`198.18.0.0/15`, `2001:db8::/32`), or else a host name (exact,
 * case-insensitive). Words and ranges open refused classes; this host's own (non-loopback)
 * addresses are opened only by naming them exactly: the address, or the host name used.
 */
export class AddressAllowlist {
  private readonly words = new Set<string>();
  private readonly hosts = new Set<string>();
  private readonly addresses = new Set<string>();
  private readonly ranges: Array<[ipaddr.IPv4 | ipaddr.IPv6, number]> = [];

  constructor(entries: readonly string[]) {
    for (const raw of entries) {
      const entry = raw.trim().toLowerCase();
      if (entry === '') continue;
      if (CLASS_WORDS.has(entry)) this.words.add(entry);
      else if (isIP(entry) !== 0) this.addresses.add(canonicalIp(entry) ?? entry);
      else if (isCidr(entry)) this.ranges.push(ipaddr.parseCIDR(entry));
      else this.hosts.add(entry);
    }
  }

  /** Whether an entry opens `address` (of `host`) although its class `cls` is refused. */
  opensClass(host: string, address: string, cls: AddressClass): boolean {
    if (this.words.has(cls) || this.namesExactly(host, address)) return true;
    const ip = parseIp(canonicalIp(address) ?? address);
    return (
      ip !== undefined &&
      this.ranges.some(([net, bits]) => ip.kind() === net.kind() && ip.match(net, bits))
    );
  }

  /** Whether an entry names `host` or `address` itself. */
  namesExactly(host: string, address: string): boolean {
    return this.hosts.has(host) || this.addresses.has(canonicalIp(address) ?? address);
  }
}

/** `address/bits` with an address net.isIP accepts (not ipaddr.js's looser IPv4 forms). */
function isCidr(entry: string): boolean {
  const [address, bits, extra] = entry.split('/');
  return (
    extra === undefined &&
    bits !== undefined &&
    /^\d{1,3}$/.test(bits) &&
    isIP(address ?? '') !== 0 &&
    ipaddr.isValidCIDR(entry)
  );
}
