import {
  ageOn,
  birthdayIn,
  birthdayWeekOf,
  dateOfBirthProblem,
  isReferralCode,
  isSelfReferral,
  mailboxOf,
  referralMonthOf,
  referralWithinCap,
  venueDate,
} from './membership.js';

describe('age on the venue date', () => {
  it('turns 18 on the 18th birthday, not the day before', () => {
    expect(ageOn('2008-11-27', '2026-11-26')).toBe(17);
    expect(ageOn('2008-11-26', '2026-11-26')).toBe(18);
    expect(dateOfBirthProblem('2008-11-27', '2026-11-26')).toBe('under_age');
    expect(dateOfBirthProblem('2008-11-26', '2026-11-26')).toBeNull();
  });

  it('someone born on 29 February is 18 on 1 March of a common year', () => {
    expect(dateOfBirthProblem('2008-02-29', '2026-02-28')).toBe('under_age');
    expect(dateOfBirthProblem('2008-02-29', '2026-03-01')).toBeNull();
    expect(ageOn('2008-02-29', '2028-02-29')).toBe(20);
  });

  it('refuses impossible, future and implausible dates', () => {
    expect(dateOfBirthProblem('2001-02-29', '2026-11-26')).toBe('invalid');
    expect(dateOfBirthProblem('26/11/2000', '2026-11-26')).toBe('invalid');
    expect(dateOfBirthProblem('2027-01-01', '2026-11-26')).toBe('future');
    expect(dateOfBirthProblem('1890-01-01', '2026-11-26')).toBe('too_old');
  });

  it("reads today on the venue's calendar, not UTC's", () => {
    // 14:00 UTC on 25 Nov is 01:00 on 26 Nov in Sydney: the 18th birthday has begun there.
    const instant = new Date('2026-11-25T14:00:00Z');
    expect(venueDate(instant, 'Australia/Sydney')).toBe('2026-11-26');
    expect(dateOfBirthProblem('2008-11-26', venueDate(instant, 'Australia/Sydney'))).toBeNull();
    expect(dateOfBirthProblem('2008-11-26', venueDate(instant, 'UTC'))).toBe('under_age');
  });
});

describe('birthday week', () => {
  it('is the Monday-to-Sunday week of the birthday', () => {
    // 2026-11-26 is a Thursday.
    expect(birthdayWeekOf('1990-11-26', '2026-11-23')).toEqual({
      year: 2026,
      birthday: '2026-11-26',
      start: '2026-11-23',
      end: '2026-11-29',
    });
    expect(birthdayWeekOf('1990-11-26', '2026-11-29')?.year).toBe(2026);
    expect(birthdayWeekOf('1990-11-26', '2026-11-22')).toBeNull();
    expect(birthdayWeekOf('1990-11-26', '2026-11-30')).toBeNull();
  });

  it("runs across the year's end and keeps the birthday's year", () => {
    // 31 Dec 2026 is a Thursday: the week runs Mon 28 Dec 2026 to Sun 3 Jan 2027.
    expect(birthdayWeekOf('1990-12-31', '2027-01-02')).toMatchObject({ year: 2026, start: '2026-12-28' });
    // 1 Jan 2027 is a Friday: its week starts on Monday 28 Dec 2026, in the earlier year.
    expect(birthdayWeekOf('1990-01-01', '2026-12-28')).toMatchObject({ year: 2027, end: '2027-01-03' });
    expect(birthdayWeekOf('1990-01-01', '2026-12-27')).toBeNull();
  });

  it('celebrates 29 February on 28 February in a common year', () => {
    expect(birthdayIn('2000-02-29', 2027)).toBe('2027-02-28');
    expect(birthdayIn('2000-02-29', 2028)).toBe('2028-02-29');
    // 28 Feb 2027 is a Sunday: its week is Mon 22 to Sun 28 Feb; 1 March is not in it.
    expect(birthdayWeekOf('2000-02-29', '2027-02-22')).toMatchObject({ year: 2027, birthday: '2027-02-28' });
    expect(birthdayWeekOf('2000-02-29', '2027-03-01')).toBeNull();
  });
});

describe('referrals', () => {
  const ana = { id: 'a', email: 'ana.lee@gmail.com', firstName: 'Ana', lastName: 'Lee', dateOfBirth: '1999-05-01' };
  const ben = { id: 'b', email: 'ben@example.com', firstName: 'Ben', lastName: 'Ng', dateOfBirth: '1998-01-01' };

  it('reads one mailbox through +tags, case, and Gmail dots', () => {
    expect(mailboxOf(' Ana.Lee+club@GoogleMail.com ')).toBe('analee@gmail.com');
    expect(mailboxOf('ana.lee+x@example.com')).toBe('ana.lee@example.com');
  });

  it('refuses the same account, the same mailbox, and the same name and birthday', () => {
    expect(isSelfReferral(ana, ana)).toBe(true);
    expect(isSelfReferral(ana, { ...ana, id: 'c', email: 'a.n.a.lee+2@gmail.com' })).toBe(true);
    expect(isSelfReferral(ana, { ...ana, id: 'c', email: 'other@example.com', firstName: ' ana ' })).toBe(true);
    expect(isSelfReferral(ana, ben)).toBe(false);
    // A namesake with another birthday is another person.
    expect(isSelfReferral(ana, { ...ana, id: 'c', email: 'x@example.com', dateOfBirth: '2000-01-01' })).toBe(false);
    // Dots matter outside Gmail.
    expect(isSelfReferral(ben, { ...ben, id: 'c', email: 'b.en@example.com', dateOfBirth: null })).toBe(false);
  });

  it('caps earned referrals per calendar month', () => {
    expect(referralWithinCap(4, 5)).toBe(true);
    expect(referralWithinCap(5, 5)).toBe(false);
    expect(referralWithinCap(0, 0)).toBe(false);
    expect(referralMonthOf('2026-11-30')).not.toBe(referralMonthOf('2026-12-01'));
  });

  it('counts the month on the venue calendar', () => {
    // 13:30 UTC on 30 Nov is already 1 Dec in Sydney.
    expect(referralMonthOf(venueDate(new Date('2026-11-30T13:30:00Z'), 'Australia/Sydney'))).toBe('2026-12');
  });

  it('knows a referral code', () => {
    expect(isReferralCode('ABCDEFGH23')).toBe(true);
    expect(isReferralCode('ABCDEFGH20')).toBe(false);
    expect(isReferralCode('abc')).toBe(false);
  });
});
