import { LAST_ADMIN, roleChangedMessage, roleChangeRefusal } from './staff-rules.js';

const A = '00000000-0000-4000-8000-00000000000a';
const B = '00000000-0000-4000-8000-00000000000b';

describe('who may lose the admin role', () => {
  it('refuses to demote or remove the last enabled admin, themselves included', () => {
    expect(roleChangeRefusal({ memberId: A, from: 'admin', to: 'manager', enabledAdmins: [A] })).toBe(LAST_ADMIN);
    expect(roleChangeRefusal({ memberId: A, from: 'admin', to: 'member', enabledAdmins: [A] })).toBe(LAST_ADMIN);
  });

  it('refuses when the only other admin is disabled (not among the enabled)', () => {
    expect(roleChangeRefusal({ memberId: A, from: 'admin', to: 'door', enabledAdmins: [A] })).toBe(LAST_ADMIN);
    // A disabled admin being demoted while another is enabled: fine.
    expect(roleChangeRefusal({ memberId: B, from: 'admin', to: 'member', enabledAdmins: [A] })).toBeNull();
  });

  it('lets an admin go while another enabled admin stays', () => {
    expect(roleChangeRefusal({ memberId: A, from: 'admin', to: 'manager', enabledAdmins: [A, B] })).toBeNull();
  });

  it('never refuses a change that leaves the admins as they are', () => {
    expect(roleChangeRefusal({ memberId: A, from: 'door', to: 'member', enabledAdmins: [] })).toBeNull();
    expect(roleChangeRefusal({ memberId: A, from: 'manager', to: 'admin', enabledAdmins: [B] })).toBeNull();
  });

  it('tells the admin what happened, in words', () => {
    expect(roleChangedMessage('Sam', 'door')).toBe('Sam is now door staff and was signed out everywhere.');
    expect(roleChangedMessage('Sam', 'manager')).toBe('Sam is now a manager and was signed out everywhere.');
    expect(roleChangedMessage('Sam', 'member')).toBe('Sam is no longer staff (a member again) and was signed out everywhere.');
  });
});
