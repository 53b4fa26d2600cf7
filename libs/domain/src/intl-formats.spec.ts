import { eventNightLabel, priceLabel } from './events.js';
import { dateTimeFormat, numberFormat } from './intl-formats.js';
import { venueDateTime } from './messages.js';

describe('kept Intl formatters', () => {
  it('gives the same formatter for the same locale and options, another for other ones', () => {
    const sydney = dateTimeFormat('en-AU', { timeZone: 'Australia/Sydney', hour: '2-digit' });
    expect(dateTimeFormat('en-AU', { timeZone: 'Australia/Sydney', hour: '2-digit' })).toBe(sydney);
    expect(dateTimeFormat('en-AU', { timeZone: 'Europe/London', hour: '2-digit' })).not.toBe(sydney);
    expect(numberFormat('en-AU', { style: 'currency', currency: 'AUD' })).toBe(
      numberFormat('en-AU', { style: 'currency', currency: 'AUD' }),
    );
  });

  it('throws for a time zone the runtime does not know, as the constructor does, and keeps nothing for it', () => {
    expect(() => dateTimeFormat('en-AU', { timeZone: 'Mars/Olympus_Mons' })).toThrow(RangeError);
    expect(() => dateTimeFormat('en-AU', { timeZone: 'Mars/Olympus_Mons' })).toThrow(RangeError);
  });

  it("labels 20,000 nights, prices and instants without growing the process's memory by the formatters' ICU objects", () => {
    const before = process.memoryUsage().rss;
    for (let i = 0; i < 20_000; i += 1) {
      eventNightLabel('2026-12-04');
      priceLabel(2500 + i, 'AUD');
      venueDateTime(new Date(1_800_000_000_000 + i * 60_000), 'Australia/Sydney');
    }
    const grownMb = (process.memoryUsage().rss - before) / 1024 / 1024;
    // Made per call, these took a process 2.4 GB for 200,000 formatters.
    expect(grownMb).toBeLessThan(100);
    expect(eventNightLabel('2026-12-04')).toBe('Fri 4 Dec 2026');
    expect(priceLabel(2500, 'AUD')).toBe('$25');
  });
});
