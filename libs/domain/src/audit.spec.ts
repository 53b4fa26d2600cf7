import { AUDIT_ACTIONS, auditActionLabel, auditChanges, isAuditAction } from './audit.js';

describe('audit rows', () => {
  it('keeps only the changed fields, before and after', () => {
    expect(auditChanges({ title: 'A', points: 10, active: true }, { title: 'B', points: 10, active: true })).toEqual({
      before: { title: 'A' },
      after: { title: 'B' },
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
