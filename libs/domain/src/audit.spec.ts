import { auditChanges, isAuditAction } from './audit.js';

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
