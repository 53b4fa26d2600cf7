import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CreatedWebhook, CreateWebhookRequest, WebhookDeliveryView, WebhookEndpointView } from '@nocturne/contracts';
import { api } from '@/lib/api-client';
import { POLL_MS, polling } from '@/lib/polling';

const webhookKeys = {
  endpoints: ['admin', 'webhooks'] as const,
  deliveries: (endpointId: string) => ['admin', 'webhooks', endpointId, 'deliveries'] as const,
};

export const useWebhookEndpoints = () =>
  useQuery({ queryKey: webhookKeys.endpoints, queryFn: () => api.get<WebhookEndpointView[]>('/api/admin/webhooks'), ...polling(POLL_MS.admin) });

export const useWebhookDeliveries = (endpointId: string) =>
  useQuery({
    queryKey: webhookKeys.deliveries(endpointId),
    queryFn: () => api.get<WebhookDeliveryView[]>(`/api/admin/webhooks/${endpointId}/deliveries?limit=20`),
    ...polling(POLL_MS.admin),
  });

/** Every change touches the list under the endpoints key (deliveries included). */
function useWebhookMutation<I, O>(mutationFn: (input: I) => Promise<O>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSettled: () => queryClient.invalidateQueries({ queryKey: webhookKeys.endpoints }) });
}

export const useRegisterWebhook = () => useWebhookMutation((body: CreateWebhookRequest) => api.post<CreatedWebhook>('/api/admin/webhooks', body));
export const useDeleteWebhook = () => useWebhookMutation((id: string) => api.delete<unknown>(`/api/admin/webhooks/${id}`));
export const useRedeliverWebhook = () => useWebhookMutation((deliveryId: string) => api.post<unknown>(`/api/admin/webhooks/deliveries/${deliveryId}/redeliver`));
