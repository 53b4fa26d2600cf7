import { csvCell, csvLine } from '#common/csv.js';
import { memberCsvLine } from './member-csv.js';

describe('member CSV', () => {
  it('quotes a field holding a comma, a quote or a line break, doubling quotes', () => {
    expect(csvCell('Reyes, Morgan')).toBe('"Reyes, Morgan"');
    expect(csvCell('The "Duke"')).toBe('"The ""Duke"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell('plain')).toBe('plain');
  });

  it('neutralises what a spreadsheet would run as a formula', () => {
    expect(csvCell('=HYPERLINK("http://192.0.2.1","x")')).toBe('"\'=HYPERLINK(""http://192.0.2.1"",""x"")"');
    expect(csvCell('+1 555')).toBe("'+1 555");
    expect(csvCell('-2')).toBe("'-2");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    // Numbers are ours, not typed by members: a negative balance stays a number.
    expect(csvCell(-5)).toBe('-5');
  });

  it('writes one CRLF-ended line per member, empty cells for nulls, instants in ISO 8601', () => {
    expect(
      memberCsvLine({
        id: '0b6c9a53-5a4f-4b4e-9d0a-6f1f7f1b2c3d',
        email: 'ann@example.com',
        first_name: 'Ann',
        last_name: null,
        role: 'member',
        member_tier: 'gold',
        current_points: 120,
        total_points: 900,
        created_at: new Date('2026-11-20T21:00:00Z'),
        last_sign_in_at: '2026-11-25T23:41:00Z',
        disabled_at: null,
      }),
    ).toBe(
      '0b6c9a53-5a4f-4b4e-9d0a-6f1f7f1b2c3d,ann@example.com,Ann,,member,gold,120,900,2026-11-20T21:00:00.000Z,2026-11-25T23:41:00.000Z,\r\n',
    );
    expect(csvLine(['a', null, 1])).toBe('a,,1\r\n');
  });
});
