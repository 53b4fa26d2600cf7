import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CreateWebhookRequest } from '@nocturne/contracts';
import * as routes from '@nocturne/contracts/routes';
import { api } from '@/lib/api-client';
import { POLL_MS, polling } from '@/lib/polling';
import { invalidate } from '@/lib/query-keys';

const webhookKeys = {
  endpoints: ['admin', 'webhooks'] as const,
  deliveries: (endpointId: string) => ['admin', 'webhooks', endpointId, 'deliveries'] as const,
};

const getWebhookEndpoints = () => api.call(routes.listWebhooks);
const getWebhookDeliveries = (endpointId: string) =>
  api.call(routes.listWebhookDeliveries, { params: { id: endpointId }, query: { limit: 20 } });

const webhookEndpointsQueryOptions = () => queryOptions({ queryKey: webhookKeys.endpoints, queryFn: getWebhookEndpoints });
const webhookDeliveriesQueryOptions = (endpointId: string) =>
  queryOptions({ queryKey: webhookKeys.deliveries(endpointId), queryFn: () => getWebhookDeliveries(endpointId) });

export const useWebhookEndpoints = () => useQuery({ ...webhookEndpointsQueryOptions(), ...polling(POLL_MS.admin) });
export const useWebhookDeliveries = (endpointId: string) =>
  useQuery({ ...webhookDeliveriesQueryOptions(endpointId), ...polling(POLL_MS.admin) });

const registerWebhook = (body: CreateWebhookRequest) => api.call(routes.registerWebhook, { body });
const deleteWebhook = (id: string) => api.call(routes.deleteWebhook, { params: { id } });
const redeliverWebhook = (deliveryId: string) => api.call(routes.redeliverWebhook, { params: { id: deliveryId } });

/** Every change touches the list under the endpoints key (deliveries included). */
function useWebhookMutation<I, O>(mutationFn: (input: I) => Promise<O>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSettled: () => invalidate(queryClient, webhookKeys.endpoints) });
}

export const useRegisterWebhook = () => useWebhookMutation(registerWebhook);
export const useDeleteWebhook = () => useWebhookMutation(deleteWebhook);
export const useRedeliverWebhook = () => useWebhookMutation(redeliverWebhook);
