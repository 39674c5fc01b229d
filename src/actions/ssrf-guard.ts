import { lookup as dnsLookup } from 'node:dns/promises';
import { isIPv4, isIPv6, type LookupFunction } from 'node:net';
import { AddressAllowlist } from './address-allowlist';
import { addressClass, canonicalIp, type AddressClass } from './address-ranges';
import { interfaceAddresses, type HostAddresses } from './interface-addresses';
import { TransientError } from './retry';

export { addressClass, type AddressClass } from './address-ranges';

/**
 * The address guard of outbound actions (docs/security.md "Address guard", docs/decisions/0026):
 * a URL is reached only over http or https, and only when every address its host resolves to is
 * global unicast and none is an address of this host, unless WEBHOOK_ALLOWLIST allows it
 * (AddressAllowlist). The connection then goes to the checked addresses (pinnedLookup), so a
 * second DNS answer cannot swap in another (DNS rebinding).
 */

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

/** A TargetRefused for an address's class or for being this host's: not a missing host. */
export class AddressRefused extends TargetRefused {}

export class SsrfGuard {
  private readonly allowlist: AddressAllowlist;
  private readonly lookup: HostLookup;
  private readonly hostAddresses: HostAddresses;

  constructor(options: {
    allowlist: readonly string[];
    lookup?: HostLookup;
    /** Tests: this host's addresses (default: its interfaces', read at each check). */
    hostAddresses?: HostAddresses;
  }) {
    this.allowlist = new AddressAllowlist(options.allowlist);
    this.lookup = options.lookup ?? systemLookup;
    this.hostAddresses = options.hostAddresses ?? interfaceAddresses;
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
   * connects to the returned addresses (send-email.ts and aws-clients.ts pin them).
   */
  async checkHost(host: string, action: string, shown: string): Promise<ResolvedAddress[]> {
    const addresses = await this.resolve(host, action);
    const own = this.hostAddresses();
    for (const { address } of addresses) {
      const what = this.refusal(host, address, own);
      if (what === undefined) continue;
      const why =
        host === address ? `${address} is ${what}` : `${host} resolves to ${address}, ${what}`;
      throw new AddressRefused(
        `${action} refused ${shown}: ${why} (allow it with WEBHOOK_ALLOWLIST)`,
      );
    }
    return addresses;
  }

  /** Why `address` (of `host`) is refused, as `a <class> address`, or undefined when it is not. */
  private refusal(host: string, address: string, own: ReadonlySet<string>): string | undefined {
    const cls = addressClass(address);
    if (cls !== undefined && !this.allowlist.opensClass(host, address, cls)) return describe(cls);
    // Loopback addresses are the host's by definition: their class decides (the word `loopback`).
    const mine = cls !== 'loopback' && own.has(canonicalIp(address) ?? address);
    if (mine && !this.allowlist.namesExactly(host, address)) return 'an address of this host';
    return undefined;
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
}

/** `a loopback address`, `an AMT address`... */
function describe(cls: AddressClass): string {
  return `${/^[aeiouAEIO]/.test(cls) ? 'an' : 'a'} ${cls} address`;
}

/** The host of a URL as DNS and the allowlist see it: lower case, IPv6 without brackets. */
export function hostOf(url: URL): string {
  const host = url.hostname.toLowerCase();
  return host.startsWith('[') && host.endsWith(']') ? host.slice(1, -1) : host;
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
