import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { AuditFilter } from '@nocturne/contracts';
import * as routes from '@nocturne/contracts/routes';
import { api } from '@/lib/api-client';

const PAGE = 50;
const auditKey = ['admin', 'audit'] as const;

const getAuditLog = (filter: AuditFilter, cursor: string | null) =>
  api.call(routes.listAuditLog, { query: { ...filter, limit: PAGE, cursor: cursor ?? undefined } });

/** Newest first; "Load more" asks for the page after the api's nextCursor. */
const auditLogQueryOptions = (filter: AuditFilter) =>
  infiniteQueryOptions({
    queryKey: [...auditKey, filter] as const,
    queryFn: ({ pageParam }) => getAuditLog(filter, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });

export const useAuditLog = (filter: AuditFilter) => useInfiniteQuery(auditLogQueryOptions(filter));

export const downloadAuditLog = (filter: AuditFilter) => api.download(routes.exportAuditLog, { query: filter });
