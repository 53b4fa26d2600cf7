import { basicAuthMatches } from './queue-dashboard.js';

const header = (value: string) => `Basic ${Buffer.from(value).toString('base64')}`;

describe('basicAuthMatches', () => {
  it('accepts only the configured user and password', () => {
    expect(basicAuthMatches(header('ops:pa:ss'), 'ops', 'pa:ss')).toBe(true);
    expect(basicAuthMatches(header('ops:wrong'), 'ops', 'pa:ss')).toBe(false);
    expect(basicAuthMatches(header('other:pa:ss'), 'ops', 'pa:ss')).toBe(false);
    expect(basicAuthMatches(header('no-colon'), 'ops', 'pa:ss')).toBe(false);
    expect(basicAuthMatches('Bearer abc', 'ops', 'pa:ss')).toBe(false);
    expect(basicAuthMatches(undefined, 'ops', 'pa:ss')).toBe(false);
  });
});
