import { useQuery } from '@tanstack/react-query';
import type { ScanLogPage } from '@nocturne/contracts';
import { api } from '@/lib/api-client';
import { POLL_MS, polling } from '@/lib/polling';
import { queryKeys } from '@/lib/query-keys';

export const RECENT_SCANS = 20;

export const useRecentScans = () =>
  useQuery({ queryKey: queryKeys.adminScans, queryFn: () => api.get<ScanLogPage>(`/api/admin/scans?limit=${RECENT_SCANS}`), ...polling(POLL_MS.admin) });
