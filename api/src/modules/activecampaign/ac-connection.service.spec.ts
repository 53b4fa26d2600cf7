import { connectionOf } from './ac-connection.service.js';

const AT = '2026-11-28T11:30:00.000Z';
const LATER = '2026-11-28T11:45:00.000Z';

describe('whether ActiveCampaign answers', () => {
  it('is not configured without URL and key, whatever was recorded before', () => {
    expect(connectionOf(false, { lastAnsweredAt: AT, failingSince: null, reason: null })).toEqual({
      state: 'not_configured',
      lastAnsweredAt: null,
      unreachableSince: null,
      reason: null,
    });
  });

  it("is 'not contacted' while no call was recorded: a key alone is not 'connected'", () => {
    expect(connectionOf(true, { lastAnsweredAt: null, failingSince: null, reason: null }).state).toBe('not_contacted');
  });

  it('is connected, with when, once a call was answered', () => {
    expect(connectionOf(true, { lastAnsweredAt: AT, failingSince: null, reason: null })).toEqual({
      state: 'connected',
      lastAnsweredAt: AT,
      unreachableSince: null,
      reason: null,
    });
  });

  it('is unreachable since the first failing call, with its reason, even after an earlier answer', () => {
    expect(connectionOf(true, { lastAnsweredAt: AT, failingSince: LATER, reason: 'no answer within 15 s' })).toEqual({
      state: 'unreachable',
      lastAnsweredAt: AT,
      unreachableSince: LATER,
      reason: 'no answer within 15 s',
    });
  });
});
