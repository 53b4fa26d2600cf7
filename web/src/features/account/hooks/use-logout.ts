import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { forgetValidatedAnswers } from '@/lib/api-client';
import { forgetSavedAnswers } from '@/lib/offline-cache';
import { clearSession } from '@/lib/session';
import { logout } from '../api/me';

/**
 * Logout (PRODUCT.md §2.5) clears the stored session and user and goes to /members-login. The server-side
 * revocation is started first (it needs the bearer token) but never holds the member back.
 */
export function useLogout() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return () => {
    void logout().catch(() => undefined);
    clearSession();
    forgetValidatedAnswers();
    forgetSavedAnswers();
    queryClient.clear();
    void navigate('/members-login', { replace: true });
  };
}
