import { describe, expect, it } from 'vitest';
import { addressRefusal, BLOCKED_ADDRESS, checkWebhookUrl, type HostLookup, UrlRefused } from './ssrf-guard';

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
    // IPv4-compatible (::/96, deprecated): some stacks connect to the IPv4 address it embeds.
    ['::7f00:1', 'ipv4Compatible'],
    ['::a00:1', 'ipv4Compatible'],
    ['::a9fe:a9fe', 'ipv4Compatible'],
    ['::808:808', 'ipv4Compatible'],
    ['::1.2.3.4', 'ipv4Compatible'],
    ['0:0:0:0:0:0:10.0.0.1', 'ipv4Compatible'],
  ])('%s is refused (%s)', (address, range) => {
    expect(addressRefusal(address, false)).toBe(range);
  });

  it.each(['93.184.216.34', '8.8.8.8', '172.32.0.1', '2606:4700:4700::1111', '::ffff:93.184.216.34'])(
    '%s (public) is allowed',
    (address) => expect(addressRefusal(address, false)).toBeUndefined(),
  );

  it('loopback only with the setting, and never the other classes', () => {
    expect(addressRefusal('127.0.0.1', true)).toBeUndefined();
    expect(addressRefusal('::1', true)).toBeUndefined();
    expect(addressRefusal('10.0.0.1', true)).toBe('private');
    expect(addressRefusal('169.254.169.254', true)).toBe('linkLocal');
    expect(addressRefusal('::7f00:1', true)).toBe('ipv4Compatible');
  });
});

describe('checkWebhookUrl', () => {
  it('answers the checked address of a public name', async () => {
    const target = await checkWebhookUrl('https://hooks.partner.example/in', opts(answers('93.184.216.34')));
    expect(target).toMatchObject({ address: '93.184.216.34', family: 4 });
  });

  it('refuses a name when any of its addresses is private', async () => {
    expect(await refusedFor('https://hooks.partner.example/', answers('93.184.216.34', '10.0.0.7'))).toBe(
      BLOCKED_ADDRESS,
    );
  });

  it('refuses names resolving to loopback (setting off), 10/8, the metadata address, IPv4-mapped', async () => {
    expect(await refusedFor('http://evil.example/', answers('127.0.0.1'))).toBe(BLOCKED_ADDRESS);
    expect(await refusedFor('http://evil.example/', answers('10.20.30.40'))).toBe(BLOCKED_ADDRESS);
    expect(await refusedFor('http://evil.example/', answers('169.254.169.254'))).toBe(BLOCKED_ADDRESS);
    expect(await refusedFor('http://evil.example/', answers('::ffff:192.168.0.1'))).toBe(BLOCKED_ADDRESS);
    expect(await refusedFor('http://evil.example/', answers('::a9fe:a9fe'))).toBe(BLOCKED_ADDRESS);
  });

  it('refuses address literals without asking the lookup', async () => {
    const never: HostLookup = async () => {
      throw new Error('no lookup for a literal');
    };
    for (const url of [
      'http://169.254.169.254/latest/meta-data',
      'http://[::1]:8080/',
      'http://[::ffff:7f00:1]/',
      'http://0x7f.1/',
      'http://2130706433/',
      'http://[::7f00:1]/',
      'http://[::a9fe:a9fe]/latest/meta-data',
      'http://[::10.0.0.1]/',
    ])
      expect(await refusedFor(url, never), url).toBe(BLOCKED_ADDRESS);
  });

  it('gives one refusal for every blocked address: a private name reads as one that does not resolve', async () => {
    const fails: HostLookup = async () => {
      throw Object.assign(new Error('ENOTFOUND'), { code: 'ENOTFOUND' });
    };
    const reasons = new Set([
      await refusedFor('https://nowhere.example/', fails),
      await refusedFor('https://nowhere.example/', answers()),
      await refusedFor('https://intranet.example/', answers('10.1.2.3')),
      await refusedFor('https://db.internal.example/', answers('fd00::5')),
      await refusedFor('https://metadata.example/', answers('169.254.169.254')),
      await refusedFor('https://compat.example/', answers('::a00:5')),
    ]);
    expect([...reasons]).toEqual([BLOCKED_ADDRESS]);
    // What was refused stays on the error for the server's own log, never in the partner's answer.
    try {
      await checkWebhookUrl('https://intranet.example/', opts(answers('10.1.2.3')));
    } catch (err) {
      expect(err).toBeInstanceOf(UrlRefused);
      expect((err as UrlRefused).reason).toBe(BLOCKED_ADDRESS);
      expect((err as UrlRefused).detail).toBe('private');
    }
  });

  it('refuses other schemes and credentials', async () => {
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
    expect(await refusedFor('http://127.0.0.1:9/', answers(), prod)).toBe(BLOCKED_ADDRESS);
  });
});
