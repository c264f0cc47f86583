import { mutationOptions, queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { routeKey } from '../../lib/query-keys';
import { routeQuery } from '../../lib/route-query';
import { saveFile } from '../../lib/save-file';
import { storage } from '../../lib/storage';
import { useSessionStore } from '../../store/session-store';
import { fetchBackup } from './backup-download';

/** The host page (admins): the club's addresses, its state, the mail queue and its backups. */
export const hostStatusQuery = routeQuery('host', 'status');

/**
 * Before the club has any account, on the host's own machine: its addresses and the setup code. Any other
 * browser (403), and any time later (409), is refused, which is an answer: not asked again.
 */
export const hostSetupQuery = queryOptions({
  queryKey: routeKey('host', 'setup'),
  queryFn: ({ signal }) => api.host.setup({ signal }),
  gcTime: 0,
});

export function useHostStatus() {
  return useQuery(hostStatusQuery);
}

export function useHostSetup() {
  return useQuery(hostSetupQuery);
}

/** Every unsent mail is tried again now; the queue as the page shows it is read again. */
export function retryMailMutation(queryClient: QueryClient) {
  return mutationOptions({
    mutationFn: () => api.host.retryMail(),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: hostStatusQuery.queryKey }),
  });
}

export function useRetryMail() {
  return useMutation(retryMailMutation(useQueryClient()));
}

/**
 * Downloads a whole-club backup and hands it to the browser to save, named as the server names it; the
 * page's "last backup" is read again. Resolves the file's name.
 */
export async function downloadBackup(queryClient: QueryClient): Promise<string> {
  const { blob, fileName } = await fetchBackup(api);
  saveFile(blob, fileName);
  void queryClient.invalidateQueries({ queryKey: hostStatusQuery.queryKey });
  return fileName;
}

export interface RestoreRequest {
  backup: File;
  clubName: string;
}

/** Replaces the club with a backup (the server checks it first, and the club's name); the club then restarts on it. */
export const restoreMutation = mutationOptions({
  mutationFn: ({ backup, clubName }: RestoreRequest) => api.host.restore({ query: { clubName }, upload: backup }),
});

export function useRestore() {
  return useMutation(restoreMutation);
}

/**
 * Ends every member's sessions and calendar feeds (after a restore brought back ones ended since). The admin's
 * own session ends too: this browser takes the fresh token the answer carries, so the host page stays signed in.
 */
export const endSessionsMutation = mutationOptions({
  mutationFn: () => api.host.endSessions(),
  onSuccess: ({ token }) => {
    const session = useSessionStore.getState();
    if (session.myProfile) session.signedIn(token, session.myProfile);
    else {
      storage.set('token', token);
      useSessionStore.setState({ token });
    }
  },
});

export function useEndSessions() {
  return useMutation(endSessionsMutation);
}
