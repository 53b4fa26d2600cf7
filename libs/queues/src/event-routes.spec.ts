import { domainEventSchemas, type DomainEventType } from './events.js';
import { eventRoutes, jobsForStoredEvent } from './event-routes.js';

const USER_COUPON = '0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d';
const MEMBER = '6f1c2d4e-8a9b-4c3d-9e8f-7a6b5c4d3e2f';
const COUPON = '11111111-2222-4333-8444-555555555555';
const ADMIN = '99999999-8888-4777-8666-555555555555';

describe('event routes', () => {
  it('give every event jobs or a reason for having none', () => {
    for (const type of Object.keys(domainEventSchemas) as DomainEventType[]) {
      const route = eventRoutes[type];
      expect({ type, reacts: 'build' in route ? route.jobs.length > 0 : route.reason.length > 0 }).toEqual({
        type,
        reacts: true,
      });
    }
  });

  it('relay a claim with the price and title it was taken at to the coupon.claimed webhook', () => {
    const payload = { userCouponId: USER_COUPON, memberId: MEMBER, couponId: COUPON, pointsCost: 30, title: 'Happy hour' };
    expect(jobsForStoredEvent('CouponClaimed', payload)).toEqual([
      { name: 'webhooks.fan-out', data: { event: 'coupon.claimed', data: payload } },
      { name: 'wallet.update-passes', data: { memberId: MEMBER } },
    ]);
  });

  it('still relay outbox rows written before the claim and the comment carried their titles', () => {
    const claim = { userCouponId: USER_COUPON, memberId: MEMBER, couponId: COUPON };
    expect(jobsForStoredEvent('CouponClaimed', claim)).toEqual([
      { name: 'webhooks.fan-out', data: { event: 'coupon.claimed', data: claim } },
      { name: 'wallet.update-passes', data: { memberId: MEMBER } },
    ]);
    const comment = { commentId: USER_COUPON, memberId: MEMBER, postId: COUPON, pointsAwarded: 5 };
    expect(jobsForStoredEvent('CommentPosted', comment)).toEqual([
      { name: 'webhooks.fan-out', data: { event: 'comment.posted', data: comment } },
      { name: 'wallet.update-passes', data: { memberId: MEMBER } },
    ]);
  });

  it('refuse to raise a claim or a comment without them', () => {
    expect(() =>
      domainEventSchemas.CouponClaimed.parse({ userCouponId: USER_COUPON, memberId: MEMBER, couponId: COUPON }),
    ).toThrow();
    expect(() =>
      domainEventSchemas.CommentPosted.parse({ commentId: USER_COUPON, memberId: MEMBER, postId: COUPON, pointsAwarded: 5 }),
    ).toThrow();
  });

  it('tell webhook receivers when staff undo a redemption', () => {
    const payload = { userCouponId: USER_COUPON, memberId: MEMBER, adminId: ADMIN };
    expect(jobsForStoredEvent('CouponRedemptionUndone', payload)).toEqual([
      { name: 'webhooks.fan-out', data: { event: 'coupon.redemption_undone', data: payload } },
      { name: 'wallet.update-passes', data: { memberId: MEMBER, userCouponId: USER_COUPON } },
    ]);
  });

  it("tell webhook receivers of a member's visit, with the night and the points it paid", () => {
    const payload = { visitId: USER_COUPON, memberId: MEMBER, night: '2026-11-27', points: 20, staffId: ADMIN };
    expect(jobsForStoredEvent('MemberVisited', payload)).toEqual([
      { name: 'webhooks.fan-out', data: { event: 'member.visited', data: payload } },
      { name: 'wallet.update-passes', data: { memberId: MEMBER } },
    ]);
  });

  it("update the member's card pass when they join or leave a guest list (the card shows the coming night)", () => {
    const night = { memberId: MEMBER, eventId: COUPON, night: '2026-12-04' };
    expect(jobsForStoredEvent('GuestListJoined', { ...night, entryId: USER_COUPON })).toEqual([
      { name: 'wallet.update-passes', data: { memberId: MEMBER } },
    ]);
    expect(jobsForStoredEvent('GuestListLeft', night)).toEqual([{ name: 'wallet.update-passes', data: { memberId: MEMBER } }]);
  });

  it("update the card of every member on a night's list when staff change what the card says of it", () => {
    expect(jobsForStoredEvent('GuestListNightsChanged', { eventId: COUPON, memberIds: [MEMBER, ADMIN] })).toEqual([
      { name: 'wallet.update-passes', data: { memberId: MEMBER } },
      { name: 'wallet.update-passes', data: { memberId: ADMIN } },
    ]);
    expect(jobsForStoredEvent('GuestListNightsChanged', { eventId: COUPON, memberIds: [] })).toEqual([]);
  });

  it('ask for no wallet push when a visit or a comment paid nothing', () => {
    const visit = { visitId: USER_COUPON, memberId: MEMBER, night: '2026-11-27', points: 0, staffId: ADMIN };
    expect(jobsForStoredEvent('MemberVisited', visit)?.map((job) => job.name)).toEqual(['webhooks.fan-out']);
  });

  it('ask nothing of the worker for a disabled or enabled account, and of ActiveCampaign only for a member it knows', () => {
    expect(jobsForStoredEvent('MemberDisabled', { memberId: MEMBER, adminId: ADMIN })).toEqual([]);
    expect(jobsForStoredEvent('MemberEnabled', { memberId: MEMBER, adminId: ADMIN })).toEqual([]);
    expect(jobsForStoredEvent('MemberDeleted', { memberId: MEMBER, acContactId: null })).toEqual([]);
    expect(jobsForStoredEvent('MemberDeleted', { memberId: MEMBER, acContactId: '42' })).toEqual([
      { name: 'activecampaign.delete-contact', data: { memberId: MEMBER, contactId: '42' } },
    ]);
  });

  it('know nothing of an event type this build does not have', () => {
    expect(jobsForStoredEvent('SomethingNew', {})).toBeUndefined();
  });
});
