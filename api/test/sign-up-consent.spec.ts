import { DATE_OF_BIRTH_REFUSALS, MARKETING_CONSENT_VERSION, venueDate } from '@nocturne/domain';
import {
  ADULT_DATE_OF_BIRTH,
  GOOD_PASSWORD,
  randomIp,
  registerMember,
  startTestApp,
  type TestApp,
  uniqueEmail,
} from '@nocturne/testing';

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

/** The date `years` years before the venue's today, shifted by `days`. */
function bornYearsAgo(years: number, days = 0): string {
  const today = venueDate(new Date(), t.config.VENUE_TZ);
  const date = new Date(`${Number(today.slice(0, 4)) - years}${today.slice(4)}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

const signUp = (body: object) =>
  t.request('POST', '/api/auth/register', {
    body: { email: uniqueEmail('age'), firstName: 'Kim', lastName: 'Young', password: GOOD_PASSWORD, ...body },
    headers: { 'x-forwarded-for': randomIp() },
  });

describe('sign-up: age and consent', () => {
  it('refuses anyone under 18 on the venue date, with the message beside the date of birth, and creates nothing', async () => {
    const email = uniqueEmail('minor');
    const answer = await t.request('POST', '/api/auth/register', {
      body: { email, firstName: 'Kim', lastName: 'Young', password: GOOD_PASSWORD, dateOfBirth: bornYearsAgo(18, 1) },
      headers: { 'x-forwarded-for': randomIp() },
    });
    expect(answer.status).toBe(400);
    expect(answer.body.message).toBe(DATE_OF_BIRTH_REFUSALS.under_age);
    expect(answer.body.issues).toEqual([{ path: 'dateOfBirth', message: DATE_OF_BIRTH_REFUSALS.under_age }]);
    const rows = await t.sql.query('select 1 from members where email = $1', [email]);
    expect(rows.rowCount).toBe(0);
  });

  it('lets in someone whose 18th birthday is today', async () => {
    expect((await signUp({ dateOfBirth: bornYearsAgo(18) })).status).toBe(202);
  });

  it('requires a date of birth, and refuses one in the future', async () => {
    const missing = await signUp({});
    expect(missing.status).toBe(400);
    expect(missing.body.issues.map((i: { path: string }) => i.path)).toEqual(['dateOfBirth']);
    const future = await signUp({ dateOfBirth: bornYearsAgo(-1) });
    expect(future.status).toBe(400);
    expect(future.body.message).toBe(DATE_OF_BIRTH_REFUSALS.future);
  });

  it('stores consent unticked by default, with the moment and wording version of the choice', async () => {
    const member = await registerMember(t);
    const [row] = (
      await t.sql.query(
        'select date_of_birth::text as dob, marketing_consent, marketing_consent_at, marketing_consent_version from members where id = $1',
        [member.user.id],
      )
    ).rows;
    expect(row).toMatchObject({
      dob: ADULT_DATE_OF_BIRTH,
      marketing_consent: false,
      marketing_consent_version: MARKETING_CONSENT_VERSION,
    });
    expect(row.marketing_consent_at).not.toBeNull();
  });

  it('shows the date of birth and consent in the profile, and a change of consent asks for an ActiveCampaign sync', async () => {
    const member = await registerMember(t, { marketingConsent: true });
    const shown = await t.request('GET', '/api/auth/me/consent', { token: member.sessionId });
    expect(shown.status).toBe(200);
    expect(shown.body).toMatchObject({
      dateOfBirth: ADULT_DATE_OF_BIRTH,
      marketingConsent: true,
      wordingVersion: MARKETING_CONSENT_VERSION,
    });

    const withdrawn = await t.request('PATCH', '/api/auth/me/consent', {
      token: member.sessionId,
      body: { marketingConsent: false },
    });
    expect(withdrawn.status).toBe(200);
    expect(withdrawn.body.marketingConsent).toBe(false);
    const events = await t.sql.query("select payload from outbox where aggregate_id = $1 and type = 'MemberConsentChanged'", [
      member.user.id,
    ]);
    expect(events.rows.map((r) => r.payload)).toEqual([{ memberId: member.user.id, marketingConsent: false }]);

    // The date of birth, once stored, is not the member's to change.
    const changed = await t.request('PATCH', '/api/auth/me/consent', {
      token: member.sessionId,
      body: { dateOfBirth: '1980-01-01' },
    });
    expect(changed.status).toBe(409);
  });

  it('members from before the question have no date of birth and no consent, and may add an adult one', async () => {
    const member = await registerMember(t);
    await t.sql.query(
      'update members set date_of_birth = null, marketing_consent = false, marketing_consent_at = null, marketing_consent_version = null where id = $1',
      [member.user.id],
    );
    const shown = await t.request('GET', '/api/auth/me/consent', { token: member.sessionId });
    expect(shown.body).toMatchObject({ dateOfBirth: null, marketingConsent: false, marketingConsentAt: null });
    const minor = await t.request('PATCH', '/api/auth/me/consent', {
      token: member.sessionId,
      body: { dateOfBirth: bornYearsAgo(17) },
    });
    expect(minor.status).toBe(400);
    const adult = await t.request('PATCH', '/api/auth/me/consent', {
      token: member.sessionId,
      body: { dateOfBirth: '1995-02-28' },
    });
    expect(adult.status).toBe(200);
    expect(adult.body.dateOfBirth).toBe('1995-02-28');
  });
});
