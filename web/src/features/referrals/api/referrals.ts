import { queryOptions, useQuery } from '@tanstack/react-query';
import * as routes from '@nocturne/contracts/routes';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

const myReferralsKey = queryKeys.myReferrals;

/** The member's invite link and who joined through it (routes.getMyReferrals). */
export const myReferralsQueryOptions = () =>
  queryOptions({ queryKey: myReferralsKey, queryFn: () => api.call(routes.getMyReferrals) });
export const useMyReferrals = () => useQuery(myReferralsQueryOptions());

/** The birthday line of the members area (routes.getMyBirthday): set during the birthday week once the coupon is given. */
export const myBirthdayQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.myBirthday, queryFn: () => api.call(routes.getMyBirthday) });
export const useMyBirthday = () => useQuery(myBirthdayQueryOptions());
