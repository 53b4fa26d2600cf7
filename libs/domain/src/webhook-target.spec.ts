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
  ])('treats %s as not public', (address) => expect(isPublicAddress(address)).toBe(false));

  it.each(['93.184.216.34', '1.1.1.1', '2606:4700:4700::1111'])('treats %s as public', (address) =>
    expect(isPublicAddress(address)).toBe(true),
  );

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
