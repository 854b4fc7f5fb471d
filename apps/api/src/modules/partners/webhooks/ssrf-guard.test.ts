import { describe, expect, it } from 'vitest';
import { addressRefusal, checkWebhookUrl, type HostLookup, UrlRefused } from './ssrf-guard';

// The lookup is answered here: no name leaves the machine.
const answers =
  (...addresses: string[]): HostLookup =>
  async () =>
    addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
const opts = (lookup: HostLookup, over: { allowLoopback?: boolean; httpsOnly?: boolean } = {}) => ({
  lookup,
  allowLoopback: over.allowLoopback ?? false,
  httpsOnly: over.httpsOnly ?? false,
});
const refusedFor = async (url: string, lookup: HostLookup, over = {}) => {
  try {
    await checkWebhookUrl(url, opts(lookup, over));
    return undefined;
  } catch (err) {
    if (err instanceof UrlRefused) return err.reason;
    throw err;
  }
};

describe('address classes', () => {
  it.each([
    ['10.1.2.3', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['192.168.1.1', 'private'],
    ['100.64.0.1', 'carrierGradeNat'],
    ['127.0.0.1', 'loopback'],
    ['127.255.0.9', 'loopback'],
    ['169.254.169.254', 'linkLocal'],
    ['0.0.0.0', 'unspecified'],
    ['224.0.0.1', 'multicast'],
    ['255.255.255.255', 'broadcast'],
    ['240.0.0.1', 'reserved'],
    ['::1', 'loopback'],
    ['::', 'unspecified'],
    ['fe80::1', 'linkLocal'],
    ['fc00::1', 'uniqueLocal'],
    ['fd12:3456::1', 'uniqueLocal'],
    ['ff02::1', 'multicast'],
    ['::ffff:10.0.0.1', 'private'],
    ['::ffff:127.0.0.1', 'loopback'],
    ['::ffff:169.254.169.254', 'linkLocal'],
  ])('%s is refused (%s)', (address, range) => {
    expect(addressRefusal(address, false)).toBe(`resolves to a ${range} address`);
  });

  it.each(['93.184.216.34', '8.8.8.8', '172.32.0.1', '2606:4700:4700::1111', '::ffff:93.184.216.34'])(
    '%s (public) is allowed',
    (address) => expect(addressRefusal(address, false)).toBeUndefined(),
  );

  it('loopback only with the setting, and never the other classes', () => {
    expect(addressRefusal('127.0.0.1', true)).toBeUndefined();
    expect(addressRefusal('::1', true)).toBeUndefined();
    expect(addressRefusal('10.0.0.1', true)).toBe('resolves to a private address');
    expect(addressRefusal('169.254.169.254', true)).toBe('resolves to a linkLocal address');
  });
});

describe('checkWebhookUrl', () => {
  it('answers the checked address of a public name', async () => {
    const target = await checkWebhookUrl('https://hooks.partner.example/in', opts(answers('93.184.216.34')));
    expect(target).toMatchObject({ address: '93.184.216.34', family: 4 });
  });

  it('refuses a name when any of its addresses is private', async () => {
    expect(await refusedFor('https://hooks.partner.example/', answers('93.184.216.34', '10.0.0.7'))).toBe(
      'resolves to a private address',
    );
  });

  it('refuses names resolving to loopback (setting off), 10/8, the metadata address, IPv4-mapped', async () => {
    expect(await refusedFor('http://evil.example/', answers('127.0.0.1'))).toMatch(/loopback/);
    expect(await refusedFor('http://evil.example/', answers('10.20.30.40'))).toMatch(/private/);
    expect(await refusedFor('http://evil.example/', answers('169.254.169.254'))).toMatch(/linkLocal/);
    expect(await refusedFor('http://evil.example/', answers('::ffff:192.168.0.1'))).toMatch(/private/);
  });

  it('refuses address literals without asking the lookup', async () => {
    const never: HostLookup = async () => {
      throw new Error('no lookup for a literal');
    };
    expect(await refusedFor('http://169.254.169.254/latest/meta-data', never)).toMatch(/linkLocal/);
    expect(await refusedFor('http://[::1]:8080/', never)).toMatch(/loopback/);
    expect(await refusedFor('http://[::ffff:7f00:1]/', never)).toMatch(/loopback/);
    expect(await refusedFor('http://0x7f.1/', never)).toMatch(/loopback/);
    expect(await refusedFor('http://2130706433/', never)).toMatch(/loopback/);
  });

  it('refuses a name that does not resolve, other schemes and credentials', async () => {
    const fails: HostLookup = async () => {
      throw Object.assign(new Error('ENOTFOUND'), { code: 'ENOTFOUND' });
    };
    expect(await refusedFor('https://nowhere.example/', fails)).toBe('the host name does not resolve');
    expect(await refusedFor('https://nowhere.example/', answers())).toBe('the host name does not resolve');
    expect(await refusedFor('ftp://files.example/', answers('93.184.216.34'))).toBe('only http(s) addresses');
    expect(await refusedFor('https://u:p@hooks.example/', answers('93.184.216.34'))).toMatch(/credentials/);
  });

  it('in production: https only, but for an allowed loopback receiver', async () => {
    const prod = { httpsOnly: true };
    expect(await refusedFor('http://hooks.partner.example/', answers('93.184.216.34'), prod)).toBe(
      'only https addresses',
    );
    expect(
      await refusedFor('https://hooks.partner.example/', answers('93.184.216.34'), prod),
    ).toBeUndefined();
    expect(
      await refusedFor('http://127.0.0.1:9/', answers(), { ...prod, allowLoopback: true }),
    ).toBeUndefined();
    expect(await refusedFor('http://127.0.0.1:9/', answers(), prod)).toMatch(/loopback/);
  });
});
