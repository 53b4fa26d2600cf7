import { beforeEach, describe, expect, it } from '@jest/globals';
import { aMember } from '@/testing/fixtures';
import { homeFor, readSession } from './session';

describe('the stored session', () => {
  beforeEach(() => localStorage.clear());

  it('sends managers and admins to the staff dashboard, door staff to door mode and members to their area', () => {
    expect(homeFor({ role: 'admin' })).toBe('/admin-dashboard');
    expect(homeFor({ role: 'manager' })).toBe('/admin-dashboard');
    expect(homeFor({ role: 'door' })).toBe('/door');
    expect(homeFor({ role: 'member' })).toBe('/member-dashboard');
  });

  it('reads a user stored before accounts had roles by its admin flag', () => {
    const { role: _role, ...before } = aMember({ isAdmin: true });
    localStorage.setItem('sessionId', 'session-1');
    localStorage.setItem('user', JSON.stringify(before));
    expect(readSession()?.user.role).toBe('admin');
    localStorage.setItem('user', JSON.stringify({ ...before, isAdmin: false }));
    expect(readSession()?.user.role).toBe('member');
  });
});
