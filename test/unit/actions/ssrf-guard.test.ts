import assert from 'node:assert/strict';
import {
  addressClass,
  pinnedLookup,
  SsrfGuard,
  TargetRefused,
  type HostLookup,
} from '../../../src/actions/ssrf-guard';
import { TransientError } from '../../../src/actions/retry';

/** DNS as a table: host -> addresses (IPv6 when they contain ':'). */
function fakeDns(table: Record<string, string[]>): HostLookup {
  return (host) => {
    const found = table[host];
    if (found === undefined) {
      return Promise.reject(
        Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' }),
      );
    }
    return Promise.resolve(
      found.map((address) => ({ address, family: address.includes(':') ? 6 : 4 })),
    );
  };
}

async function refusal(guard: SsrfGuard, url: string): Promise<string> {
  try {
    await guard.check(new URL(url), 'WEBHOOK', url);
  } catch (err) {
    assert.ok(err instanceof TargetRefused, String(err));
    return err.message;
  }
  assert.fail(`${url} was not refused`);
}

describe('actions: SSRF guard', () => {
  it('classes every address it refuses, and leaves public ones alone', () => {
    const cases: Array<[string, string | undefined]> = [
      ['127.0.0.1', 'loopback'],
      ['127.255.0.9', 'loopback'],
      ['::1', 'loopback'],
      ['::ffff:127.0.0.1', 'loopback'],
      ['::ffff:7f00:1', 'loopback'],
      ['0:0:0:0:0:ffff:7f00:0001', 'loopback'],
      ['::127.0.0.1', 'loopback'],
      ['64:ff9b::127.0.0.1', 'loopback'],
      ['10.0.0.1', 'private'],
      ['10.255.255.255', 'private'],
      ['172.16.0.1', 'private'],
      ['172.31.255.255', 'private'],
      ['192.168.1.1', 'private'],
      ['100.64.0.1', 'private'],
      ['100.100.100.200', 'private'],
      ['fc00::1', 'private'],
      ['fd12:3456::1', 'private'],
      ['fd00:ec2::254', 'private'],
      ['fec0::1', 'private'],
      ['::ffff:10.1.2.3', 'private'],
      ['::ffff:192.168.0.1', 'private'],
      ['169.254.169.254', 'link-local'],
      ['169.254.0.1', 'link-local'],
      ['fe80::1', 'link-local'],
      ['fe80::1%eth0', 'link-local'],
      ['febf::1', 'link-local'],
      ['::ffff:169.254.169.254', 'link-local'],
      ['0.0.0.0', 'unspecified'],
      ['0.1.2.3', 'unspecified'],
      ['::', 'unspecified'],
      ['::ffff:0.0.0.0', 'unspecified'],
      ['8.8.8.8', undefined],
      ['172.15.255.255', undefined],
      ['172.32.0.1', undefined],
      ['100.128.0.1', undefined],
      ['169.253.1.1', undefined],
      ['11.0.0.1', undefined],
      ['2606:4700::1111', undefined],
      ['::ffff:8.8.8.8', undefined],
      ['fbff::1', 'non-global IPv6'],
      ['not-an-ip', undefined],
    ];
    assert.deepEqual(
      cases.map(([ip]) => [ip, addressClass(ip)]),
      cases,
    );
  });

  it('refuses loopback, private, link-local and unspecified targets with the reason', async () => {
    const guard = new SsrfGuard({
      allowlist: [],
      lookup: fakeDns({
        'intranet.example': ['93.184.216.34', '10.0.0.5'],
        localhost: ['127.0.0.1', '::1'],
      }),
    });
    assert.equal(
      await refusal(guard, 'http://127.0.0.1:9/x'),
      'WEBHOOK refused http://127.0.0.1:9/x: 127.0.0.1 is a loopback address (allow it with WEBHOOK_ALLOWLIST)',
    );
    assert.equal(
      await refusal(guard, 'http://[::ffff:127.0.0.1]/x'),
      'WEBHOOK refused http://[::ffff:127.0.0.1]/x: ::ffff:7f00:1 is a loopback address (allow it with WEBHOOK_ALLOWLIST)',
    );
    assert.equal(
      await refusal(guard, 'http://169.254.169.254/latest/meta-data/'),
      'WEBHOOK refused http://169.254.169.254/latest/meta-data/: 169.254.169.254 is a link-local address (allow it with WEBHOOK_ALLOWLIST)',
    );
    assert.equal(
      await refusal(guard, 'http://[fe80::1]/'),
      'WEBHOOK refused http://[fe80::1]/: fe80::1 is a link-local address (allow it with WEBHOOK_ALLOWLIST)',
    );
    assert.equal(
      await refusal(guard, 'https://192.168.0.10/'),
      'WEBHOOK refused https://192.168.0.10/: 192.168.0.10 is a private address (allow it with WEBHOOK_ALLOWLIST)',
    );
    assert.equal(
      await refusal(guard, 'http://[fd00::1]/'),
      'WEBHOOK refused http://[fd00::1]/: fd00::1 is a private address (allow it with WEBHOOK_ALLOWLIST)',
    );
    assert.equal(
      await refusal(guard, 'http://0.0.0.0/'),
      'WEBHOOK refused http://0.0.0.0/: 0.0.0.0 is an unspecified address (allow it with WEBHOOK_ALLOWLIST)',
    );
    // The URL parser reads other spellings of an IPv4 address as that address.
    assert.equal(
      await refusal(guard, 'http://2130706433/'),
      'WEBHOOK refused http://2130706433/: 127.0.0.1 is a loopback address (allow it with WEBHOOK_ALLOWLIST)',
    );
    // A name is refused when any of its addresses is.
    assert.equal(
      await refusal(guard, 'https://intranet.example/hook'),
      'WEBHOOK refused https://intranet.example/hook: intranet.example resolves to 10.0.0.5, a private address (allow it with WEBHOOK_ALLOWLIST)',
    );
    assert.equal(
      await refusal(guard, 'http://LOCALHOST:8080/'),
      'WEBHOOK refused http://LOCALHOST:8080/: localhost resolves to 127.0.0.1, a loopback address (allow it with WEBHOOK_ALLOWLIST)',
    );
  });

  it('refuses schemes other than http and https, and unknown hosts; DNS trouble is transient', async () => {
    const guard = new SsrfGuard({ allowlist: ['loopback'], lookup: fakeDns({}) });
    assert.equal(
      await refusal(guard, 'ftp://files.example/x'),
      'WEBHOOK refused ftp://files.example/x: only http and https URLs are allowed, not ftp',
    );
    assert.equal(
      await refusal(guard, 'file:///etc/passwd'),
      'WEBHOOK refused file:///etc/passwd: only http and https URLs are allowed, not file',
    );
    assert.equal(
      await refusal(guard, 'https://nope.invalid/'),
      'WEBHOOK cannot reach nope.invalid: no such host',
    );
    const flaky = new SsrfGuard({
      allowlist: [],
      lookup: () => Promise.reject(Object.assign(new Error('timeout'), { code: 'EAI_AGAIN' })),
    });
    await assert.rejects(
      flaky.check(new URL('https://x.example/'), 'WEBHOOK', 'https://x.example/'),
      (err: unknown) => {
        assert.ok(err instanceof TransientError);
        assert.equal(err.message, 'WEBHOOK cannot resolve x.example: EAI_AGAIN');
        return true;
      },
    );
  });

  it('lets through public addresses and allowlisted classes, hosts and addresses', async () => {
    const dns = fakeDns({
      'hooks.example': ['93.184.216.34', '2606:2800:220:1::1'],
      'jira.internal': ['10.1.2.3'],
      'meta.internal': ['169.254.169.254'],
    });
    const open = new SsrfGuard({ allowlist: [], lookup: dns });
    assert.deepEqual(await open.check(new URL('https://hooks.example/x'), 'WEBHOOK', ''), [
      { address: '93.184.216.34', family: 4 },
      { address: '2606:2800:220:1::1', family: 6 },
    ]);
    const classes = new SsrfGuard({ allowlist: ['loopback', 'private'], lookup: dns });
    assert.deepEqual(await classes.check(new URL('http://127.0.0.1:1/'), 'WEBHOOK', ''), [
      { address: '127.0.0.1', family: 4 },
    ]);
    assert.deepEqual(await classes.check(new URL('http://[::ffff:127.0.0.1]/'), 'WEBHOOK', ''), [
      { address: '::ffff:7f00:1', family: 6 },
    ]);
    assert.deepEqual(await classes.check(new URL('http://jira.internal/'), 'WEBHOOK', ''), [
      { address: '10.1.2.3', family: 4 },
    ]);
    // `private` does not open link-local (cloud metadata).
    await refusal(classes, 'http://meta.internal/');
    const named = new SsrfGuard({ allowlist: ['Jira.Internal', '169.254.169.254'], lookup: dns });
    await named.check(new URL('http://jira.internal/'), 'WEBHOOK', '');
    await named.check(new URL('http://meta.internal/'), 'WEBHOOK', '');
    await named.check(new URL('http://[::ffff:169.254.169.254]/'), 'WEBHOOK', '');
    await refusal(named, 'http://10.1.2.3/');
    const ipv6 = new SsrfGuard({ allowlist: ['::1', 'link-local'], lookup: dns });
    await ipv6.check(new URL('http://[0:0::1]/'), 'WEBHOOK', '');
    await ipv6.check(new URL('http://[fe80::2]/'), 'WEBHOOK', '');
    await refusal(ipv6, 'http://127.0.0.1/');
  });

  it('pins connections to the checked addresses', () => {
    const lookup = pinnedLookup([
      { address: '93.184.216.34', family: 4 },
      { address: '2606:2800:220:1::1', family: 6 },
    ]);
    const calls: unknown[] = [];
    lookup('hooks.example', { all: true }, (...args: unknown[]) => calls.push(args));
    lookup('hooks.example', { family: 6 }, (...args: unknown[]) => calls.push(args));
    lookup('hooks.example', {}, (...args: unknown[]) => calls.push(args));
    assert.deepEqual(calls, [
      [
        null,
        [
          { address: '93.184.216.34', family: 4 },
          { address: '2606:2800:220:1::1', family: 6 },
        ],
      ],
      [null, '2606:2800:220:1::1', 6],
      [null, '93.184.216.34', 4],
    ]);
    const v4only = pinnedLookup([{ address: '93.184.216.34', family: 4 }]);
    v4only('hooks.example', { family: 6 }, (err) => {
      assert.equal(err?.message, 'no IPv6 address checked for hooks.example');
    });
  });
});
