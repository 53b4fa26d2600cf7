import { isPublicAddress, webhookTargetProblem } from './webhook-target.js';

describe('webhook targets', () => {
  it.each([
    '127.0.0.1',
    '10.1.2.3',
    '172.20.0.1',
    '192.168.1.1',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    '::1',
    'fd00::1',
    'fe80::1',
    '::ffff:127.0.0.1',
    // Security review L4: IPv6 forms that reach private IPv4 space, and IPv6 ranges that are not public.
    '::127.0.0.1', // IPv4-compatible loopback
    '::10.0.0.1', // IPv4-compatible private
    '::ffff:0:127.0.0.1', // SIIT (::ffff:0:0:0/96)
    '::ffff:0:a00:1', // SIIT, in hex
    '::ffff:a9fe:a9fe', // IPv4-mapped 169.254.169.254, in hex
    '2002:7f00:1::', // 6to4 of 127.0.0.1
    '2002:c0a8:101::1', // 6to4 of 192.168.1.1
    '2002:a9fe:a9fe::', // 6to4 of 169.254.169.254
    '64:ff9b::10.0.0.1', // NAT64 of 10.0.0.1
    '64:ff9b::7f00:1', // NAT64 of 127.0.0.1, in hex
    '64:ff9b:1::1', // NAT64 local-use (RFC 8215)
    'fec0::1', // site-local (fec0::/10)
    'feff::1', // site-local, top of fec0::/10
    '2001::1', // Teredo, in 2001::/23
    '2001:1ff:ffff::1', // top of 2001::/23
    '2001:db8::1', // documentation
    '100::1', // discard
    'ff02::1', // multicast
    'fe80::1%eth0', // link-local with a zone
    '192.0.2.10', // TEST-NET-1
    '255.255.255.255',
    'not an address',
  ])('treats %s as not public', (address) => expect(isPublicAddress(address)).toBe(false));

  it.each([
    '93.184.216.34',
    '1.1.1.1',
    '2606:4700:4700::1111',
    '::ffff:93.184.216.34', // IPv4-mapped public
    '2002:5db8:d822::1', // 6to4 of 93.184.216.34
    '64:ff9b::93.184.216.34', // NAT64 of a public address
    '2001:200::1', // just past 2001::/23
  ])('treats %s as public', (address) => expect(isPublicAddress(address)).toBe(true));

  it('refuses a host when any of its addresses is private, unless private targets are allowed', async () => {
    const lookup = async () => [{ address: '93.184.216.34' }, { address: '10.0.0.5' }];
    expect(await webhookTargetProblem('https://hooks.example.com/in', false, lookup)).toMatch(
      /10\.0\.0\.5, a private or loopback address/,
    );
    expect(await webhookTargetProblem('https://hooks.example.com/in', true, lookup)).toBeNull();
    expect(
      await webhookTargetProblem('https://hooks.example.com/in', false, async () => [{ address: '93.184.216.34' }]),
    ).toBeNull();
  });

  it('refuses literal loopback addresses, other schemes and credentials in the URL', async () => {
    const lookup = async () => [];
    expect(await webhookTargetProblem('http://[::1]:8080/', false, lookup)).toMatch(/::1/);
    expect(await webhookTargetProblem('http://127.0.0.1/', false, lookup)).toMatch(/127\.0\.0\.1/);
    expect(await webhookTargetProblem('ftp://example.com/', true, lookup)).toBe('must be an http or https URL');
    expect(await webhookTargetProblem('https://u:p@example.com/', true, lookup)).toBe('must not hold a user name or password');
    expect(await webhookTargetProblem('https://nowhere.invalid/', false, lookup)).toBe('host nowhere.invalid does not resolve');
  });
});
