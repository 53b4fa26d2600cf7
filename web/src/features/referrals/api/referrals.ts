import { useQuery } from '@tanstack/react-query';
import * as routes from '@nocturne/contracts/routes';
import { api } from '@/lib/api-client';

export const myReferralsKey = ['referrals'] as const;

/** The member's invite link and who joined through it (routes.getMyReferrals). */
export const useMyReferrals = () => useQuery({ queryKey: myReferralsKey, queryFn: () => api.call(routes.getMyReferrals) });

/** The birthday line of the members area (routes.getMyBirthday): set during the birthday week once the coupon is given. */
export const useMyBirthday = () =>
  useQuery({ queryKey: ['auth', 'me', 'birthday'] as const, queryFn: () => api.call(routes.getMyBirthday) });
