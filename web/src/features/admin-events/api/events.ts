import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AddGuestRequest, SaveEventRequest, SaveNoShowRuleRequest } from '@nocturne/contracts';
import * as routes from '@nocturne/contracts/routes';
import { api } from '@/lib/api-client';

const eventsKey = ['admin', 'events'] as const;
const guestListKey = (eventId: string, night: string) => ['admin', 'events', eventId, night, 'guest-list'] as const;
const ruleKey = ['admin', 'guest-list-rule'] as const;

export const useAdminEvents = () => useQuery({ queryKey: eventsKey, queryFn: () => api.call(routes.listEvents) });

export function useSaveEvent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string | null; body: SaveEventRequest }) =>
      id ? api.call(routes.updateEvent, { params: { id }, body }) : api.call(routes.createEvent, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: eventsKey }),
  });
}

export function useAnnounceEvent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.call(routes.announceEvent, { params: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: eventsKey }),
  });
}

export const useGuestList = (eventId: string, night: string) =>
  useQuery({
    queryKey: guestListKey(eventId, night),
    queryFn: () => api.call(routes.getGuestList, { params: { id: eventId, night } }),
  });

export function useAddGuest(eventId: string, night: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AddGuestRequest) => api.call(routes.addGuest, { params: { id: eventId, night }, body }),
    onSuccess: (view) => queryClient.setQueryData(guestListKey(eventId, night), view),
  });
}

export function useCloseGuestList(eventId: string, night: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.call(routes.closeGuestList, { params: { id: eventId, night } }),
    onSuccess: (view) => queryClient.setQueryData(guestListKey(eventId, night), view),
  });
}

export const useNoShowRule = () => useQuery({ queryKey: ruleKey, queryFn: () => api.call(routes.getNoShowRule) });

export function useSaveNoShowRule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SaveNoShowRuleRequest) => api.call(routes.saveNoShowRule, { body }),
    onSuccess: (view) => queryClient.setQueryData(ruleKey, view),
  });
}
