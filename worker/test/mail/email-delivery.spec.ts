import type { INestApplicationContext } from '@nestjs/common';
import { nightName } from '@nocturne/domain';
import { TcpProxy, waitFor, randomIp, registerAdmin, startTestApp, type TestApp, testEnv } from '@nocturne/testing';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { startWorker } from '../support/worker-app.js';

interface Received {
  to: string[];
  raw: string;
}

let sink: SMTPServer;
let smtpProxy: TcpProxy;
let t: TestApp;
let worker: INestApplicationContext;
let adminToken: string;
const received: Received[] = [];

beforeAll(async () => {
  sink = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: decodeQuotedPrintable(Buffer.concat(chunks).toString('utf8')),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => sink.listen(0, '127.0.0.1', resolve));
  const port = (sink.server.address() as AddressInfo).port;
  smtpProxy = new TcpProxy({ host: '127.0.0.1', port });
  await smtpProxy.start();
  const base = await testEnv({ SMTP_URL: `smtp://127.0.0.1:${smtpProxy.port}`, VENUE_INBOX: 'inbox@venue.example' });
  t = await startTestApp({}, base);
  worker = await startWorker(base.env);
  adminToken = (await registerAdmin(t)).sessionId;
});
afterAll(async () => {
  await worker?.close();
  await t?.close();
  await smtpProxy?.stop();
  await new Promise<void>((resolve) => sink.close(() => resolve()));
});

/** The message as a reader sees it: quoted-printable soft line breaks and escapes undone. */
function decodeQuotedPrintable(raw: string): string {
  return raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

function mailsMentioning(text: string): Received[] {
  return received.filter((mail) => mail.raw.includes(text));
}

describe('e-mail delivery', () => {
  it('loses nothing while SMTP is down: 20 contact messages arrive once each after it returns', async () => {
    smtpProxy.cut();
    const ids: string[] = [];
    for (let n = 0; n < 20; n += 1) {
      const answer = await t.request('POST', '/api/contact', {
        body: { name: `Guest ${n}`, email: `guest${n}@example.com`, message: `Table for the late show, please (${n})` },
        headers: { 'x-forwarded-for': randomIp() },
      });
      expect(answer.status).toBe(202);
      expect(answer.body).toEqual({ success: true, id: expect.any(String) });
      ids.push(answer.body.id);
    }
    // Every message has been tried and is waiting, with the reason visible to admins.
    await waitFor(
      async () => {
        const { rows } = await t.sql.query(
          "select count(*)::int as n from email_deliveries where subject_id = any($1) and attempts > 0 and state = 'pending' and last_error is not null",
          [ids],
        );
        return rows[0].n === 20;
      },
      { timeoutMs: 30_000, what: 'every delivery to fail once' },
    );
    const inbox = await t.request('GET', '/api/admin/contact-messages?limit=100', { token: adminToken });
    const pending = inbox.body.messages.filter((m: { id: string }) => ids.includes(m.id));
    expect(pending).toHaveLength(20);
    for (const message of pending)
      expect(message.deliveries).toEqual([
        expect.objectContaining({ kind: 'venue-notification', state: 'pending', lastError: expect.any(String) }),
      ]);
    expect(received).toHaveLength(0);

    smtpProxy.restore();
    await waitFor(() => ids.every((id) => mailsMentioning(id).length > 0), {
      timeoutMs: 90_000,
      intervalMs: 250,
      what: 'all 20 messages to arrive',
    });
    // Give any duplicate a chance to show up before counting.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    for (const id of ids) {
      const mails = mailsMentioning(id);
      expect(mails).toHaveLength(1);
      expect(mails[0]!.to).toEqual(['inbox@venue.example']);
    }
    const { rows } = await t.sql.query(
      "select count(*)::int as n from email_deliveries where subject_id = any($1) and state = 'sent' and sent_at is not null",
      [ids],
    );
    expect(rows[0].n).toBe(20);
  }, 150_000);

  it('keeps spam from the honeypot, flagged, and never e-mails it', async () => {
    const answer = await t.request('POST', '/api/contact', {
      body: { name: 'Bot', email: 'bot@example.com', message: 'Cheap followers', website: 'http://spam.example' },
      headers: { 'x-forwarded-for': randomIp() },
    });
    expect(answer.status).toBe(202);
    expect(answer.body).toEqual({ success: true, id: expect.any(String) });
    const { rows } = await t.sql.query('select is_spam from contact_messages where id = $1', [answer.body.id]);
    expect(rows[0].is_spam).toBe(true);
    const deliveries = await t.sql.query('select count(*)::int as n from email_deliveries where subject_id = $1', [
      answer.body.id,
    ]);
    expect(deliveries.rows[0].n).toBe(0);
    const inbox = await t.request('GET', '/api/admin/contact-messages', { token: adminToken });
    expect(inbox.body.messages.some((m: { id: string }) => m.id === answer.body.id)).toBe(false);
    const withSpam = await t.request('GET', '/api/admin/contact-messages?includeSpam=true', { token: adminToken });
    expect(withSpam.body.messages.find((m: { id: string }) => m.id === answer.body.id)).toMatchObject({
      isSpam: true,
      deliveries: [],
    });
  });

  it('e-mails the venue and the guest for a booking, and the guest again when it is confirmed', async () => {
    // A week ahead: bookings open 6 months ahead at most.
    const night = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);
    const answer = await t.request('POST', '/api/bookings', {
      body: {
        name: 'Jordan Lee',
        email: 'jordan@example.com',
        phone: '0400 000 000',
        date: night,
        time: '22:00',
        guests: '6+',
        service: 'birthday',
        message: 'Cake at midnight',
        fillMs: 4200,
      },
      headers: { 'x-forwarded-for': randomIp() },
    });
    expect(answer.status).toBe(201);
    const id = answer.body.id as string;
    await waitFor(() => mailsMentioning('Jordan').length >= 1 && received.some((m) => m.to.includes('jordan@example.com')), {
      timeoutMs: 30_000,
      what: 'booking e-mails',
    });
    const venueMail = received.find((m) => m.to.includes('inbox@venue.example') && m.raw.includes(id));
    expect(venueMail?.raw).toContain('Cake at midnight');
    const guestMail = received.find((m) => m.to.includes('jordan@example.com'));
    expect(guestMail?.raw).toContain('within 24 hours');
    // What the sender typed stays out of the acknowledgement's subject and first line.
    expect(guestMail?.raw).toMatch(/Subject: We have your booking request - Nocturne/);
    expect(guestMail?.raw).not.toMatch(/Hi Jordan/);

    const note = 'See you at the door.\nAsk for <b>Sam</b> & bring ID.';
    const confirmed = await t.request('PATCH', `/api/admin/bookings/${id}`, {
      token: adminToken,
      body: { status: 'confirmed', note },
    });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.booking).toMatchObject({ id, status: 'confirmed', statusNote: note });
    await waitFor(() => received.some((m) => m.to.includes('jordan@example.com') && m.raw.includes('confirmed')), {
      timeoutMs: 30_000,
      what: 'status e-mail',
    });
    // Staff's note reaches the guest as typed, in a plain-text mail (no HTML part to inject into).
    const statusMail = received.find((m) => m.to.includes('jordan@example.com') && m.raw.includes('confirmed'))!;
    expect(statusMail.raw.replace(/\r\n/g, '\n')).toContain(`A note from the venue:\n${note}`);
    expect(statusMail.raw).toContain(`When: ${nightName(night).replace(' ', ' night ')}`);
    expect(statusMail.raw).not.toMatch(/text\/html/i);
    // The booking rides along for the guest's calendar (RFC 5545; parsed in booking-ics.spec.ts), with the cancel link.
    expect(statusMail.raw).toMatch(/Content-Type: text\/calendar; charset=utf-8; method=PUBLISH/i);
    expect(statusMail.raw).toMatch(/filename=nocturne-booking\.ics/);
    expect(statusMail.raw.replace(/=\r?\n/g, '')).toMatch(/Cancel your booking here: http:\/\/\S+\/bookings\/cancel\?id=/);
    const same = await t.request('PATCH', `/api/admin/bookings/${id}`, { token: adminToken, body: { status: 'confirmed' } });
    expect(same.status).toBe(409);

    const list = await t.request('GET', '/api/admin/bookings', { token: adminToken });
    const booking = list.body.bookings.find((b: { id: string }) => b.id === id);
    await waitFor(
      async () => {
        const fresh = (await t.request('GET', '/api/admin/bookings', { token: adminToken })).body.bookings.find(
          (b: { id: string }) => b.id === id,
        );
        return fresh.deliveries.every((d: { state: string }) => d.state === 'sent') && fresh.deliveries.length === 3;
      },
      { what: 'all booking deliveries sent' },
    );
    expect(booking.guests).toBe('6+');
    expect(received.filter((m) => m.to.includes('jordan@example.com'))).toHaveLength(2);
  }, 60_000);
});
