import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ScanLogPage, UndoRedemptionResponse } from '@nocturne/contracts';
import { api } from '@/lib/api-client';
import { POLL_MS, polling } from '@/lib/polling';
import { queryKeys } from '@/lib/query-keys';

export const RECENT_SCANS = 20;

export const useRecentScans = () =>
  useQuery({ queryKey: queryKeys.adminScans, queryFn: () => api.get<ScanLogPage>(`/api/admin/scans?limit=${RECENT_SCANS}`), ...polling(POLL_MS.admin) });

export const undoRedemption = (userCouponId: string) => api.post<UndoRedemptionResponse>(`/api/admin/redemptions/${userCouponId}/undo`);

/** An undo changes the log (a new line, the redeem line loses its button) and the coupon counts. */
export function useUndoRedemption() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: undoRedemption,
    onSettled: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.adminScans }),
        queryClient.invalidateQueries({ queryKey: queryKeys.adminCoupons }),
      ]);
    },
  });
}
