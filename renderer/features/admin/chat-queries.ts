import { mutationOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { NewMatrixSettings, NewWebhook } from '../../../shared/api/chat';
import { api } from '../../lib/api-client';
import { routeQuery } from '../../lib/route-query';

/** The outgoing webhooks with how their deliveries go (admins). */
export const webhooksQuery = routeQuery('chat', 'webhooks');
/** The club's Matrix room, never its token (admins). */
export const matrixQuery = routeQuery('chat', 'matrix');

export function useWebhooks() {
  return useQuery(webhooksQuery);
}

export function useMatrix() {
  return useQuery(matrixQuery);
}

/** A new hook: its answer carries the secret, shown once; the list is read again (it never holds secrets). */
export function addWebhookMutation(queryClient: QueryClient) {
  return mutationOptions({
    mutationFn: (hook: NewWebhook) => api.chat.addWebhook({ body: hook }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhooksQuery.queryKey }),
  });
}

export function removeWebhookMutation(queryClient: QueryClient) {
  return mutationOptions({
    mutationFn: (webhookId: number) => api.chat.removeWebhook({ params: { webhookId } }),
    onSuccess: (left) => queryClient.setQueryData(webhooksQuery.queryKey, left),
  });
}

export function setMatrixMutation(queryClient: QueryClient) {
  return mutationOptions({
    mutationFn: (room: NewMatrixSettings) => api.chat.setMatrix({ body: room }),
    onSuccess: (saved) => queryClient.setQueryData(matrixQuery.queryKey, saved),
  });
}

export function removeMatrixMutation(queryClient: QueryClient) {
  return mutationOptions({
    mutationFn: () => api.chat.removeMatrix({}),
    onSuccess: (saved) => queryClient.setQueryData(matrixQuery.queryKey, saved),
  });
}

export const useAddWebhook = () => useMutation(addWebhookMutation(useQueryClient()));
export const useRemoveWebhook = () => useMutation(removeWebhookMutation(useQueryClient()));
export const useSetMatrix = () => useMutation(setMatrixMutation(useQueryClient()));
export const useRemoveMatrix = () => useMutation(removeMatrixMutation(useQueryClient()));
