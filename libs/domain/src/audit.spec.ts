import { AUDIT_ACTIONS, AUDIT_TEXT_NOT_COPIED, auditActionLabel, auditChanges, isAuditAction } from './audit.js';

describe('audit rows', () => {
  it('keeps only the changed fields, before and after', () => {
    expect(auditChanges({ code: 'A', points: 10, active: true }, { code: 'B', points: 10, active: true })).toEqual({
      before: { code: 'A' },
      after: { code: 'B' },
    });
  });

  it('says a free-text field changed without copying what it said', () => {
    expect(
      auditChanges({ title: 'Priya Shah night', content: 'x', value: 5 }, { title: 'Sam night', content: 'x', value: 6 }),
    ).toEqual({
      before: { title: AUDIT_TEXT_NOT_COPIED, value: 5 },
      after: { title: AUDIT_TEXT_NOT_COPIED, value: 6 },
    });
    expect(auditChanges({ description: 'Gone' }, {})).toEqual({
      before: { description: AUDIT_TEXT_NOT_COPIED },
      after: { description: null },
    });
  });

  it('never copies a password hash, token or secret, even when it changed', () => {
    const changes = auditChanges(
      { role: 'member', passwordHash: 'old', secret: 's1' },
      { role: 'door', passwordHash: 'new', secret: 's2' },
    );
    expect(changes).toEqual({ before: { role: 'member' }, after: { role: 'door' } });
  });

  it('knows the closed list of actions', () => {
    expect(isAuditAction('points.adjust')).toBe(true);
    expect(isAuditAction('points.adjsut')).toBe(false);
  });
});

describe('the audit log in words', () => {
  it('names every action differently, and shows an unknown key as it is', () => {
    const labels = AUDIT_ACTIONS.map((action) => auditActionLabel(action));
    expect(new Set(labels).size).toBe(AUDIT_ACTIONS.length);
    expect(labels.every((label) => /^[A-Z]/.test(label) && !label.includes('.'))).toBe(true);
    expect(auditActionLabel('something.new')).toBe('something.new');
  });
});
