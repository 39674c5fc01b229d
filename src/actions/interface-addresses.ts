import { networkInterfaces } from 'node:os';
import { canonicalIp } from './address-ranges';

/** This host's own addresses, canonical (see canonicalIp). */
export type HostAddresses = () => ReadonlySet<string>;

/**
 * Every address of every interface of this host, every family, read at each call (addresses
 * come and go: DHCP, containers, VPNs), so the guard always compares with the current ones.
 */
export const interfaceAddresses: HostAddresses = () => {
  const found = new Set<string>();
  for (const list of Object.values(networkInterfaces())) {
    for (const { address } of list ?? []) {
      const canonical = canonicalIp(address);
      if (canonical !== undefined) found.add(canonical);
    }
  }
  return found;
};
