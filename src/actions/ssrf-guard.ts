import { lookup as dnsLookup } from 'node:dns/promises';
import { isIPv4, isIPv6, type LookupFunction } from 'node:net';
import { TransientError } from './retry';

/**
 * The server-side request forgery guard of outbound HTTP actions (docs/decisions/0026): a URL is
 * reached only over http or https, and only when every address its host resolves to is public,
 * unless WEBHOOK_ALLOWLIST allows the host, the address or the address's class. The connection
 * then goes to the checked addresses (pinnedLookup), so a second DNS answer cannot swap in
 * another (DNS rebinding).
 */

/** The address classes refused unless allowlisted. */
export type AddressClass = 'loopback' | 'private' | 'link-local' | 'unspecified';

/** The allowlist words naming a whole class; `unspecified` has none (0.0.0.0 reaches the host). */
const CLASS_WORDS: ReadonlySet<string> = new Set(['loopback', 'private', 'link-local']);

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

export type HostLookup = (host: string) => Promise<ResolvedAddress[]>;

const systemLookup: HostLookup = async (host) =>
  (await dnsLookup(host, { all: true, verbatim: true })).map((a) => ({
    address: a.address,
    family: a.family === 6 ? 6 : 4,
  }));

/** A target the guard will not reach: a permanent failure of the action. */
export class TargetRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'TargetRefused';
  }
}

export class SsrfGuard {
  private readonly allowlist: ReadonlySet<string>;
  private readonly lookup: HostLookup;

  constructor(options: { allowlist: readonly string[]; lookup?: HostLookup }) {
    this.allowlist = new Set(options.allowlist.map((e) => e.trim().toLowerCase()));
    this.lookup = options.lookup ?? systemLookup;
  }

  /**
   * The addresses to connect to for `url`, all checked; rejects with TargetRefused (refused, or
   * the host does not exist) or TransientError (DNS did not answer). `action` and `shown` (the
   * URL as messages may show it) name the request in messages.
   */
  async check(url: URL, action: string, shown: string): Promise<ResolvedAddress[]> {
    if (url.protocol !== 'http:' && url.protocol !== 'https:') {
      throw new TargetRefused(
        `${action} refused ${shown}: only http and https URLs are allowed, not ${url.protocol.slice(0, -1)}`,
      );
    }
    return this.checkHost(hostOf(url), action, shown);
  }

  /**
   * The checked addresses of a host an account user chose for another protocol (an smtp
   * instance's host, an aws instance's endpoint): refused as `check` refuses. The caller's client
   * connects by name, so this does not pin the addresses (DNS rebinding stays possible there).
   */
  async checkHost(host: string, action: string, shown: string): Promise<ResolvedAddress[]> {
    const addresses = await this.resolve(host, action);
    for (const { address } of addresses) {
      const cls = addressClass(address);
      if (cls === undefined || this.allows(host, address, cls)) continue;
      const what = `${cls === 'unspecified' ? 'an' : 'a'} ${cls} address`;
      const why =
        host === address ? `${address} is ${what}` : `${host} resolves to ${address}, ${what}`;
      throw new TargetRefused(
        `${action} refused ${shown}: ${why} (allow it with WEBHOOK_ALLOWLIST)`,
      );
    }
    return addresses;
  }

  private async resolve(host: string, action: string): Promise<ResolvedAddress[]> {
    if (isIPv4(host)) return [{ address: host, family: 4 }];
    if (isIPv6(host)) return [{ address: host, family: 6 }];
    try {
      const found = await this.lookup(host);
      if (found.length === 0) throw Object.assign(new Error('no address'), { code: 'ENOTFOUND' });
      return found;
    } catch (err) {
      const code = (err as { code?: unknown }).code;
      if (code === 'ENOTFOUND' || code === 'ENODATA') {
        throw new TargetRefused(`${action} cannot reach ${host}: no such host`);
      }
      throw new TransientError(
        `${action} cannot resolve ${host}: ${typeof code === 'string' ? code : String(err)}`,
        { cause: err },
      );
    }
  }

  private allows(host: string, address: string, cls: AddressClass): boolean {
    if (CLASS_WORDS.has(cls) && this.allowlist.has(cls)) return true;
    if (this.allowlist.has(host)) return true;
    const canonical = canonicalIp(address);
    for (const entry of this.allowlist) {
      if ((isIPv4(entry) || isIPv6(entry)) && canonicalIp(entry) === canonical) return true;
    }
    return false;
  }
}

/** The host of a URL as DNS and the allowlist see it: lower case, IPv6 without brackets. */
export function hostOf(url: URL): string {
  const host = url.hostname.toLowerCase();
  return host.startsWith('[') && host.endsWith(']') ? host.slice(1, -1) : host;
}

/**
 * The class of an IP address graphsync will not reach unless allowlisted, or undefined for a
 * public one: loopback 127/8 and ::1; private 10/8, 172.16/12, 192.168/16, 100.64/10 (carrier
 * NAT, used by some clouds' metadata services), fc00::/7 and fec0::/10; link-local 169.254/16
 * (cloud metadata) and fe80::/10; unspecified 0/8 and ::. IPv6 forms carrying an IPv4 address
 * (::ffff:a.b.c.d, ::a.b.c.d, 64:ff9b::a.b.c.d) are classed by that address.
 */
export function addressClass(ip: string): AddressClass | undefined {
  if (isIPv4(ip)) return ipv4Class(ipv4Bytes(ip));
  if (!isIPv6(ip)) return undefined;
  const b = ipv6Bytes(ip);
  const embedded = embeddedIpv4(b);
  if (embedded !== undefined) return ipv4Class(embedded);
  if (b.every((x) => x === 0)) return 'unspecified';
  if (b.slice(0, 15).every((x) => x === 0) && b[15] === 1) return 'loopback';
  if ((b[0]! & 0xfe) === 0xfc) return 'private';
  if (b[0] === 0xfe && (b[1]! & 0xc0) === 0xc0) return 'private';
  if (b[0] === 0xfe && (b[1]! & 0xc0) === 0x80) return 'link-local';
  return undefined;
}

function ipv4Class([a, b]: number[]): AddressClass | undefined {
  if (a === 127) return 'loopback';
  if (a === 0) return 'unspecified';
  if (a === 10 || (a === 172 && (b! & 0xf0) === 16) || (a === 192 && b === 168)) return 'private';
  if (a === 100 && (b! & 0xc0) === 64) return 'private';
  if (a === 169 && b === 254) return 'link-local';
  return undefined;
}

/** The IPv4 address inside ::ffff:0:0/96 (mapped), ::/96 (compatible) or 64:ff9b::/96 (NAT64). */
function embeddedIpv4(b: number[]): number[] | undefined {
  const zeros = (from: number, to: number) => b.slice(from, to).every((x) => x === 0);
  const tail = b.slice(12);
  if (zeros(0, 10) && b[10] === 0xff && b[11] === 0xff) return tail;
  // ::/96 without :: and ::1 themselves (classed as IPv6).
  if (zeros(0, 12) && !zeros(12, 15)) return tail;
  if (b[0] === 0 && b[1] === 0x64 && b[2] === 0xff && b[3] === 0x9b && zeros(4, 12)) return tail;
  return undefined;
}

function ipv4Bytes(ip: string): number[] {
  return ip.split('.').map(Number);
}

/** 16 bytes of a valid IPv6 address (a zone id ignored). */
function ipv6Bytes(ip: string): number[] {
  let text = ip.split('%')[0]!;
  const lastColon = text.lastIndexOf(':');
  if (text.includes('.')) {
    const [a, b, c, d] = ipv4Bytes(text.slice(lastColon + 1));
    text = `${text.slice(0, lastColon + 1)}${((a! << 8) | b!).toString(16)}:${((c! << 8) | d!).toString(16)}`;
  }
  const [head, tail] = text.split('::') as [string, string | undefined];
  const groups = (part: string | undefined) => (part ? part.split(':') : []);
  const h = groups(head);
  const t = groups(tail);
  const all =
    tail === undefined ? h : [...h, ...Array<string>(8 - h.length - t.length).fill('0'), ...t];
  return all.flatMap((g) => {
    const n = parseInt(g, 16);
    return [n >> 8, n & 0xff];
  });
}

/** One spelling per address (an IPv4-mapped IPv6 address as its IPv4 one), for the allowlist. */
function canonicalIp(ip: string): string {
  if (isIPv4(ip)) return ipv4Bytes(ip).join('.');
  const b = ipv6Bytes(ip);
  if (b.slice(0, 10).every((x) => x === 0) && b[10] === 0xff && b[11] === 0xff) {
    return b.slice(12).join('.');
  }
  return b.map((x) => x.toString(16).padStart(2, '0')).join('');
}

/**
 * A `lookup` for the connection (undici's connect options pass it to net/tls.connect) that
 * answers the checked addresses instead of asking DNS again.
 */
export function pinnedLookup(addresses: readonly ResolvedAddress[]): LookupFunction {
  return (hostname, options, callback) => {
    const wanted = options.family === 4 || options.family === 6 ? options.family : undefined;
    const usable = addresses.filter((a) => wanted === undefined || a.family === wanted);
    if (usable.length === 0) {
      const err = Object.assign(new Error(`no IPv${wanted} address checked for ${hostname}`), {
        code: 'ENOTFOUND',
      });
      callback(err, '', 0);
      return;
    }
    if (options.all === true) {
      (callback as unknown as (e: null, all: ResolvedAddress[]) => void)(null, usable);
    } else {
      callback(null, usable[0]!.address, usable[0]!.family);
    }
  };
}
