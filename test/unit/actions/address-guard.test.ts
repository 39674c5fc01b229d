import assert from 'node:assert/strict';
import {
  addressClass,
  SsrfGuard,
  TargetRefused,
  type HostLookup,
} from '../../../src/actions/ssrf-guard';

/** DNS as a table: host -> addresses (IPv6 when they contain ':'). */
function fakeDns(table: Record<string, string[]>): HostLookup {
  return (host) =>
    Promise.resolve(
      (table[host] ?? []).map((address) => ({ address, family: address.includes(':') ? 6 : 4 })),
    );
}

/** The guard's message for `url`, or '' when it lets the URL through. */
async function verdict(guard: SsrfGuard, url: string): Promise<string> {
  try {
    await guard.check(new URL(url), 'WEBHOOK', url);
    return '';
  } catch (err) {
    assert.ok(err instanceof TargetRefused, String(err));
    return err.message;
  }
}

const ALLOW = '(allow it with WEBHOOK_ALLOWLIST)';

describe('actions: address guard, every special-purpose range (issue 23)', () => {
  it('classes an address of each special-purpose range, in every IPv6 form carrying IPv4', () => {
    const cases: Array<[string, string]> = [
      ['192.0.2.1', 'documentation'],
      ['198.51.100.7', 'documentation'],
      ['203.0.113.255', 'documentation'],
      ['2001:db8::1', 'documentation'],
      ['3fff::1', 'documentation'],
      ['198.18.0.1', 'benchmarking'],
      ['198.19.255.254', 'benchmarking'],
      ['2001:2::9', 'benchmarking'],
      ['224.0.0.1', 'multicast'],
      ['239.255.255.250', 'multicast'],
      ['ff02::1', 'multicast'],
      ['ff05::1:3', 'multicast'],
      ['240.0.0.1', 'reserved'],
      ['254.1.2.3', 'reserved'],
      ['255.255.255.255', 'broadcast'],
      ['192.0.0.9', 'IETF protocol assignment'],
      ['2001:1::1', 'IETF protocol assignment'],
      ['2001::1', 'Teredo'],
      ['2001:0:4136:e378:8000:63bf:3fff:fdd2', 'Teredo'],
      ['100::1', 'discard-only'],
      ['64:ff9b:1::a00:1', 'NAT64 local-use'],
      ['192.88.99.1', '6to4 relay'],
      ['192.31.196.1', 'AS112'],
      ['2001:4:112::1', 'AS112'],
      ['192.52.193.1', 'AMT'],
      ['2001:3::1', 'AMT'],
      ['2001:20::1', 'ORCHID'],
      ['2001:30::1', 'drone remote ID'],
      ['5f00::1', 'segment routing'],
      ['4000::1', 'non-global IPv6'],
      ['fbff::1', 'non-global IPv6'],
      // IPv4 carried in IPv6: mapped, translated, compatible, NAT64 and 6to4 forms.
      ['::ffff:192.0.2.1', 'documentation'],
      ['::ffff:c633:6407', 'documentation'],
      ['::ffff:0:198.18.0.1', 'benchmarking'],
      ['::224.0.0.1', 'multicast'],
      ['64:ff9b::240.0.0.1', 'reserved'],
      ['64:ff9b::10.0.0.1', 'private'],
      ['2002:c000:201::1', 'documentation'],
      ['2002:7f00:1::', 'loopback'],
      ['2002:a9fe:a9fe::1', 'link-local'],
      ['2002:ffff:ffff::', 'broadcast'],
      // The classes refused before issue 23 keep their names.
      ['127.0.0.1', 'loopback'],
      ['10.1.2.3', 'private'],
      ['100.64.0.1', 'private'],
      ['fd00::2', 'private'],
      ['169.254.169.254', 'link-local'],
      ['fe80::1%eth0', 'link-local'],
      ['0.0.0.0', 'unspecified'],
      ['::', 'unspecified'],
    ];
    assert.deepEqual(
      cases.map(([ip]) => [ip, addressClass(ip)]),
      cases,
    );
  });

  it('leaves global unicast addresses alone, also when carried in IPv6', () => {
    const global = [
      '8.8.8.8',
      '1.1.1.1',
      '93.184.216.34',
      '192.0.1.255',
      '198.17.255.255',
      '198.20.0.1',
      '223.255.255.254',
      '2606:4700::1111',
      '2a00:1450:4001:82b::200e',
      '::ffff:8.8.8.8',
      '64:ff9b::8.8.8.8',
      '2002:808:808::1',
    ];
    assert.deepEqual(
      global.map((ip) => [ip, addressClass(ip)]),
      global.map((ip) => [ip, undefined]),
    );
  });

  it('names the address and its class in each refusal', async () => {
    const guard = new SsrfGuard({
      allowlist: [],
      lookup: fakeDns({ 'lab.example': ['93.184.216.34', '198.18.0.5'] }),
      hostAddresses: () => new Set(),
    });
    assert.deepEqual(
      await Promise.all(
        [
          'http://192.0.2.1/x',
          'http://[2001:db8::1]/',
          'http://224.0.0.251/',
          'http://255.255.255.255/',
          'http://[100::1]/',
          'http://[2002:c000:201::]/',
          'https://lab.example/hook',
        ].map((url) => verdict(guard, url)),
      ),
      [
        `WEBHOOK refused http://192.0.2.1/x: 192.0.2.1 is a documentation address ${ALLOW}`,
        `WEBHOOK refused http://[2001:db8::1]/: 2001:db8::1 is a documentation address ${ALLOW}`,
        `WEBHOOK refused http://224.0.0.251/: 224.0.0.251 is a multicast address ${ALLOW}`,
        `WEBHOOK refused http://255.255.255.255/: 255.255.255.255 is a broadcast address ${ALLOW}`,
        `WEBHOOK refused http://[100::1]/: 100::1 is a discard-only address ${ALLOW}`,
        `WEBHOOK refused http://[2002:c000:201::]/: 2002:c000:201:: is a documentation address ${ALLOW}`,
        `WEBHOOK refused https://lab.example/hook: lab.example resolves to 198.18.0.5, a benchmarking address ${ALLOW}`,
      ],
    );
  });

  it('opens a refused class with a CIDR entry, an address or a host name', async () => {
    const dns = fakeDns({ 'bench.lab': ['198.18.0.5'], 'doc.lab': ['2001:db8::7'] });
    const none = () => new Set<string>();
    const ranges = new SsrfGuard({
      allowlist: ['198.18.0.0/15', '2001:DB8::/32'],
      lookup: dns,
      hostAddresses: none,
    });
    assert.equal(await verdict(ranges, 'http://bench.lab/'), '');
    assert.equal(await verdict(ranges, 'http://[::ffff:198.19.1.1]/'), '');
    assert.equal(await verdict(ranges, 'http://doc.lab/'), '');
    assert.equal(
      await verdict(ranges, 'http://192.0.2.1/'),
      `WEBHOOK refused http://192.0.2.1/: 192.0.2.1 is a documentation address ${ALLOW}`,
    );
    const exact = new SsrfGuard({
      allowlist: ['bench.lab', '2001:db8:0:0:0:0:0:7'],
      lookup: dns,
      hostAddresses: none,
    });
    assert.equal(await verdict(exact, 'http://bench.lab/'), '');
    assert.equal(await verdict(exact, 'http://doc.lab/'), '');
    assert.match(await verdict(exact, 'http://198.18.0.5/'), /is a benchmarking address/);
  });

  it("refuses this host's own addresses, even global ones, unless named exactly", async () => {
    const dns = fakeDns({ 'me.example': ['93.184.216.34'], 'db.internal': ['10.0.0.7'] });
    const own = () => new Set(['127.0.0.1', '93.184.216.34', '10.0.0.7', '2606:4700:0:0:0:0:0:1']);
    const guard = (allowlist: string[]) =>
      new SsrfGuard({ allowlist, lookup: dns, hostAddresses: own });
    const mine = (what: string) => `${what} an address of this host ${ALLOW}`;
    const strict = guard([]);
    assert.equal(
      await verdict(strict, 'http://93.184.216.34:8080/'),
      `WEBHOOK refused http://93.184.216.34:8080/: ${mine('93.184.216.34 is')}`,
    );
    assert.equal(
      await verdict(strict, 'http://[::ffff:93.184.216.34]/'),
      `WEBHOOK refused http://[::ffff:93.184.216.34]/: ${mine('::ffff:5db8:d822 is')}`,
    );
    assert.equal(
      await verdict(strict, 'http://[2606:4700::1]/'),
      `WEBHOOK refused http://[2606:4700::1]/: ${mine('2606:4700::1 is')}`,
    );
    assert.equal(
      await verdict(strict, 'http://me.example/'),
      `WEBHOOK refused http://me.example/: ${mine('me.example resolves to 93.184.216.34,')}`,
    );
    assert.equal(await verdict(strict, 'http://93.184.216.35/'), '');
    // A class word or a range opens a class, not this host's addresses in it.
    const byClass = guard(['private', '93.184.216.0/24']);
    assert.match(await verdict(byClass, 'http://db.internal/'), /10\.0\.0\.7, an address of this/);
    assert.match(await verdict(byClass, 'http://93.184.216.34/'), /an address of this host/);
    // Loopback is the host's by definition: the word `loopback` opens it.
    assert.equal(await verdict(guard(['loopback']), 'http://127.0.0.1:9/'), '');
    const exact = guard(['private', '10.0.0.7', 'me.example']);
    assert.equal(await verdict(exact, 'http://db.internal/'), '');
    assert.equal(await verdict(exact, 'http://me.example/'), '');
    assert.match(await verdict(exact, 'http://93.184.216.34/'), /an address of this host/);
  });
});
