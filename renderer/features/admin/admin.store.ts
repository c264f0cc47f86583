import type { Profile } from '../../../shared/api/accounts';
import type { RegisterBotRequest, RegisterUserRequest } from '../../../shared/api/admin';
import { useBots, useNoticeboard, useRegisterBot, useRegisterUser, useSaveNoticeboard } from './queries';

interface AdminView {
  noticeboard: string;
  bots: Profile[] | null;
  saveNoticeboard(text: string): Promise<void>;
  registerUser(request: RegisterUserRequest): Promise<Profile>;
  registerBot(request: RegisterBotRequest): Promise<Profile>;
}

/**
 * The admin forms' way in, kept under its old name while the forms move to @mantine/form:
 * `useAdminStore((s) => s.noticeboard)` and the rest are the queries and mutations of queries.ts
 * (useNoticeboard, useBots, useSaveNoticeboard, useRegisterUser, useRegisterBot). Nothing is kept here.
 */
export function useAdminStore<T>(select: (view: AdminView) => T): T {
  const saveNoticeboard = useSaveNoticeboard().mutateAsync;
  return select({
    noticeboard: useNoticeboard(),
    bots: useBots(),
    saveNoticeboard: async (text) => void (await saveNoticeboard(text)),
    registerUser: useRegisterUser().mutateAsync,
    registerBot: useRegisterBot().mutateAsync,
  });
}
