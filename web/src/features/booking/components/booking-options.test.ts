import { describe, expect, it } from '@jest/globals';
import { BOOKING_TIMES } from '@nocturne/contracts/constants';
import { timeOptionsFor } from './booking-options';

const values = (date: string, now: Date) => timeOptionsFor(date, now).map((option) => option.value);
// A Monday morning, well before any of the dates below.
const earlier = new Date(2026, 10, 16, 9, 0);

describe('timeOptionsFor', () => {
  it("offers SPEC's full list while no date is picked", () => {
    expect(values('', earlier)).toEqual([...BOOKING_TIMES]);
  });

  it('opens at 20:00 Sunday to Wednesday and 19:00 Thursday to Saturday; after-midnight slots stay (close 04:00)', () => {
    const late = ['20:00', '21:00', '22:00', '23:00', '00:00', '01:00', '02:00'];
    expect(values('2026-11-22', earlier)).toEqual(late); // Sunday
    expect(values('2026-11-25', earlier)).toEqual(late); // Wednesday
    expect(values('2026-11-26', earlier)).toEqual(['19:00', ...late]); // Thursday
    expect(values('2026-11-28', earlier)).toEqual(['19:00', ...late]); // Saturday
    expect(values('2026-11-28', earlier)).not.toContain('18:00');
  });

  it("drops tonight's evening slots that have already started", () => {
    const fridayEvening = new Date(2026, 10, 27, 21, 30);
    expect(values('2026-11-27', fridayEvening)).toEqual(['22:00', '23:00', '00:00', '01:00', '02:00']);
  });
});
