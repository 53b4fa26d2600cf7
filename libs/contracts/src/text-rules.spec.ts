import { RegisterRequest, UpdateProfileRequest } from './auth.js';
import { CreateCouponRequest } from './coupons.js';
import { PointsAdjustmentRequest } from './members.js';
import { CreateNewsPostRequest, PostCommentRequest } from './news.js';
import { InviteStaffRequest } from './staff.js';
import { SavePromotionRequest, UpdateTierBenefitRequest } from './tiers.js';
import { BookingRequest, ContactRequest } from './venue-requests.js';

// Security review L7: Unicode controls were accepted in names and text (U+0085, U+009B, U+202E), and
// a name of zero-width characters only. One rule (common.ts) now covers every text people type.
const register = (firstName: string, lastName = 'Reyes') =>
  RegisterRequest.safeParse({
    email: 'morgan@example.com',
    firstName,
    lastName,
    password: 'velvet-rope-2026',
    dateOfBirth: '1990-05-17',
  });
const issuesOf = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  result.error?.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`) ?? [];

describe('names and text people type', () => {
  it.each([
    ['U+0085 (next line)', 'Mor\u0085gan'],
    ['U+009B (control sequence introducer)', 'Mor\u009B31mgan'],
    ['U+0080', '\u0080Morgan'],
    ['U+009F', 'Morgan\u009F'],
    ['U+202E (right-to-left override)', 'Morgan\u202Egpj.exe'],
    ['U+202A', '\u202AMorgan'],
    ['U+2066 (left-to-right isolate)', 'Mor\u2066gan'],
    ['U+2069 (pop directional isolate)', 'Morgan\u2069'],
    ['U+0000', 'Mor\u0000gan'],
    ['U+001B (escape)', 'Mor\u001B[2Jgan'],
    ['U+007F (delete)', 'Morgan\u007F'],
  ])('refuses %s in a name', (_what, firstName) => {
    expect(issuesOf(register(firstName))).toEqual(['firstName: must not contain control or text-direction characters']);
  });

  it.each([
    ['zero-width spaces', '\u200B\u200B\u200B'],
    ['a zero-width joiner and a word joiner', '\u200D\u2060'],
    ['a byte-order mark among zero-width non-joiners', '\u200C\uFEFF\u200C'],
    ['Hangul fillers', '\u3164\u3164'],
    ['left-to-right marks', '\u200E\u200E'],
  ])('refuses a name made only of %s', (_what, lastName) => {
    expect(issuesOf(register('Morgan', lastName))).toEqual(['lastName: must contain visible characters']);
  });

  it('holds staff-entered text members and staff read to the same rule: invitation names, tier benefits, promotion names', () => {
    const invite = (firstName: string) => InviteStaffRequest.safeParse({ email: 'eve@example.com', firstName, role: 'door' });
    expect(issuesOf(invite('Ev\u202Eil'))).toEqual(['firstName: must not contain control or text-direction characters']);
    expect(issuesOf(invite('\u200B\u200B'))).toEqual(['firstName: must contain visible characters']);
    expect(issuesOf(invite('Sam\nSmith'))).toEqual(['firstName: must be on one line']);
    const benefit = (text: string) =>
      UpdateTierBenefitRequest.safeParse({ benefit: text, multiplier: '1', monthlyCouponId: null });
    expect(issuesOf(benefit('\u200D\u2060'))).toEqual(['benefit: must contain visible characters']);
    expect(benefit('Priority entry\nall night').success).toBe(true);
    const promotion = (name: string) =>
      SavePromotionRequest.safeParse({ name, multiplier: '2', startsOn: '2026-01-01', endsOn: '2026-01-31', weekdays: null });
    expect(issuesOf(promotion('Double\u0085points'))).toEqual(['name: must not contain control or text-direction characters']);
    expect(issuesOf(promotion('\u3164'))).toEqual(['name: must contain visible characters']);
    expect(promotion('Double points 🎉').success).toBe(true);
  });

  it('refuses a line break in a name, and in other one-line fields', () => {
    expect(issuesOf(register('Mor\ngan'))).toEqual(['firstName: must be on one line']);
    expect(issuesOf(ContactRequest.safeParse({ name: 'Eve\rMallory', email: 'eve@example.com', message: 'hello' }))).toEqual([
      'name: must be on one line',
    ]);
  });

  it('keeps names in every script, accents, apostrophes and emoji with joiners', () => {
    for (const name of ['Zoë', "O'Brien", 'Nguyễn', 'محمد', 'שרה', '李小龍', 'Ренат', 'मीरा', '👩‍👩‍👧', 'زهرا‌سادات']) {
      expect(register(name).success).toBe(true);
    }
  });

  it('uses the same rule in every text schema: profile, comments, contact, bookings, posts, coupons, adjustments', () => {
    const override = 'nice\u202Eevil';
    const results = [
      UpdateProfileRequest.safeParse({ firstName: override, lastName: 'Reyes' }),
      PostCommentRequest.safeParse({ content: override }),
      ContactRequest.safeParse({ name: 'Eve', email: 'eve@example.com', message: override }),
      BookingRequest.safeParse({ name: 'Eve', email: 'eve@example.com', message: override }),
      CreateNewsPostRequest.safeParse({ title: 'Tonight', content: override }),
      CreateCouponRequest.safeParse({ code: 'FREE', title: 'Free', description: override }),
      PointsAdjustmentRequest.safeParse({ points: 5, reason: override }),
      InviteStaffRequest.safeParse({ email: 'eve@example.com', firstName: override, role: 'door' }),
      UpdateTierBenefitRequest.safeParse({ benefit: override, multiplier: '1', monthlyCouponId: null }),
      SavePromotionRequest.safeParse({
        name: override,
        multiplier: '2',
        startsOn: '2026-01-01',
        endsOn: '2026-01-31',
        weekdays: null,
      }),
    ];
    for (const result of results) {
      expect(issuesOf(result)).toContainEqual(expect.stringMatching(/: must not contain control or text-direction characters$/));
    }
    // Comments and messages keep their line breaks.
    expect(PostCommentRequest.safeParse({ content: 'first line\nsecond line\r\n\tthird' }).success).toBe(true);
    expect(PostCommentRequest.safeParse({ content: '\u200B \u200B' }).success).toBe(false);
  });
});
