import { bookingDecisionMail, bookingReminderMail, bookingSummary } from './booking-mail.js';

const booking = {
  name: 'Jordan Lee',
  service: 'birthday',
  date: '2026-11-27',
  time: '01:00',
  guests: '6+',
  status_note: null as string | null,
};

describe('booking e-mails', () => {
  it('give the date and time in words, after-midnight slots as part of the night asked for', () => {
    expect(bookingSummary(booking)).toEqual([
      'Service: Birthday',
      'Date: Friday 27 November 2026',
      'Time: 01:00 (after midnight)',
      'Guests: 6+',
    ]);
    expect(bookingSummary({ ...booking, date: null, time: '22:00' }).slice(1, 3)).toEqual(['Date: not given', 'Time: 22:00']);
  });

  it("carry staff's note to the guest as typed, under its own heading", () => {
    const note = 'Booth 3 is yours.\nAsk for <b>Sam</b> & bring ID.';
    const mail = bookingDecisionMail({ ...booking, status_note: note }, 'confirmed');
    expect(mail.subject).toBe('Your booking is confirmed - Nocturne');
    expect(mail.text).toContain(`A note from the venue:\n${note}\n`);
    expect(mail).not.toHaveProperty('html');
  });

  it('say no more than the decision when there is no note', () => {
    const mail = bookingDecisionMail(booking, 'declined');
    expect(mail.subject).toBe('About your booking request - Nocturne');
    expect(mail.text).toContain('we cannot take your booking this time');
    expect(mail.text).not.toContain('A note from the venue');
  });

  it('carry the link to cancel in the confirmation and the reminder, not in a decline', () => {
    const link = 'https://nocturne.example/bookings/cancel?id=1&token=t';
    expect(bookingDecisionMail(booking, 'confirmed', link).text).toContain(`Cancel your booking here: ${link}`);
    expect(bookingDecisionMail(booking, 'declined', link).text).not.toContain(link);
    const reminder = bookingReminderMail(booking, link);
    expect(reminder.subject).toBe('See you tonight - Nocturne');
    expect(reminder.text).toContain('Date: Friday 27 November 2026\nTime: 01:00 (after midnight)');
    expect(reminder.text).toContain(`Cancel your booking here: ${link}`);
  });
});
