import { describe, expect, it } from '@jest/globals';
import { DELIVERY_STATES, INBOX_DELIVERY_KINDS } from '@nocturne/domain';
import { deliverySentence } from './delivery-sentences';

describe('delivery sentences', () => {
  const every = INBOX_DELIVERY_KINDS.flatMap((kind) =>
    DELIVERY_STATES.flatMap((state) => [null, 'SMTP down'].map((lastError) => ({ kind, state, lastError }))),
  );

  it('say every kind of e-mail in every state in plain words, never the internal names', () => {
    for (const delivery of every) {
      const sentence = deliverySentence(delivery);
      expect(sentence).toMatch(/^[A-Z][^:]+$/);
      expect(sentence).not.toMatch(new RegExp(`${INBOX_DELIVERY_KINDS.join('|')}|pending`));
    }
  });

  it('tell each kind and phase apart', () => {
    const phases = new Set(every.map((d) => `${d.kind}/${d.state === 'pending' ? (d.lastError ? 'retry' : 'wait') : d.state}`));
    expect(new Set(every.map(deliverySentence)).size).toBe(phases.size);
  });

  it.each([
    [{ kind: 'guest-acknowledgement', state: 'sent', lastError: null }, 'Acknowledgement sent to the guest'],
    [{ kind: 'venue-notification', state: 'sent', lastError: null }, 'Venue notified'],
    [
      { kind: 'guest-status-confirmed', state: 'pending', lastError: 'SMTP down' },
      'Confirmation e-mail to the guest failed — will retry',
    ],
    [
      { kind: 'guest-status-declined', state: 'failed', lastError: 'SMTP down' },
      'Decline e-mail to the guest could not be sent — contact the guest directly',
    ],
    [
      { kind: 'guest-status-confirmed', state: 'pending', lastError: null },
      'Confirmation e-mail to the guest is about to be sent',
    ],
  ] as const)('%o reads "%s"', (delivery, sentence) => {
    expect(deliverySentence(delivery)).toBe(sentence);
  });
});
