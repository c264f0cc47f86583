import { mutationOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { NewMatrixSettings, NewWebhook, Webhook, WebhookChanges } from '../../../shared/api/chat';
import { api } from '../../lib/api-client';
import { routeQuery } from '../../lib/route-query';

/** The outgoing webhooks with how their deliveries go (admins). */
export const webhooksQuery = routeQuery('chat', 'webhooks');
/** The club's Matrix room, never its token (admins). */
export const matrixQuery = routeQuery('chat', 'matrix');

/**
 * While deliveries wait, the page asks again now and then, so an admin watching a failing receiver sees it
 * come back (deliveries are not live events: nobody but an admin looks at them).
 */
export const WAITING_REFRESH_MS = 5_000;
const whileWaiting = (waiting: boolean) => (waiting ? WAITING_REFRESH_MS : false);

export function useWebhooks() {
  return useQuery({ ...webhooksQuery, refetchInterval: (query) => whileWaiting(!!query.state.data?.some((hook) => hook.deliveries.pending > 0)) });
}

export function useMatrix() {
  return useQuery({ ...matrixQuery, refetchInterval: (query) => whileWaiting((query.state.data?.deliveries.pending ?? 0) > 0) });
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

/** The hook as the server answers it now, in the list (its answer never carries the address's secret parts). */
const putHook = (queryClient: QueryClient) => (hook: Webhook) =>
  queryClient.setQueryData<Webhook[]>(webhooksQuery.queryKey, (hooks) =>
    hooks?.map((old) => (old.webhookId === hook.webhookId ? { ...hook, secret: null } : old)),
  );

export function changeWebhookMutation(queryClient: QueryClient) {
  return mutationOptions({
    mutationFn: ({ webhookId, changes }: { webhookId: number; changes: WebhookChanges }) => api.chat.changeWebhook({ params: { webhookId }, body: changes }),
    onSuccess: putHook(queryClient),
  });
}

/** A new secret: its answer carries it, shown once. */
export function newWebhookSecretMutation(queryClient: QueryClient) {
  return mutationOptions({
    mutationFn: (webhookId: number) => api.chat.newWebhookSecret({ params: { webhookId } }),
    onSuccess: putHook(queryClient),
  });
}

/** "Try again now": the answer is read again shortly after, when the try has had time to go. */
export function retryWebhookMutation(queryClient: QueryClient) {
  return mutationOptions({
    mutationFn: (webhookId: number) => api.chat.retryWebhook({ params: { webhookId } }),
    onSuccess: (hook) => {
      putHook(queryClient)(hook);
      setTimeout(() => void queryClient.invalidateQueries({ queryKey: webhooksQuery.queryKey }), RETRY_LOOK_AGAIN_MS);
    },
  });
}

export function retryMatrixMutation(queryClient: QueryClient) {
  return mutationOptions({
    mutationFn: () => api.chat.retryMatrix({}),
    onSuccess: (saved) => {
      queryClient.setQueryData(matrixQuery.queryKey, saved);
      setTimeout(() => void queryClient.invalidateQueries({ queryKey: matrixQuery.queryKey }), RETRY_LOOK_AGAIN_MS);
    },
  });
}

/** How soon after "Try again now" the page asks how it went: a receiver that is back answers within this. */
const RETRY_LOOK_AGAIN_MS = 1_500;

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
export const useChangeWebhook = () => useMutation(changeWebhookMutation(useQueryClient()));
export const useNewWebhookSecret = () => useMutation(newWebhookSecretMutation(useQueryClient()));
export const useRetryWebhook = () => useMutation(retryWebhookMutation(useQueryClient()));
export const useRetryMatrix = () => useMutation(retryMatrixMutation(useQueryClient()));
export const useSetMatrix = () => useMutation(setMatrixMutation(useQueryClient()));
export const useRemoveMatrix = () => useMutation(removeMatrixMutation(useQueryClient()));
