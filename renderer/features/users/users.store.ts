import type { Profile } from '../../../shared/api/accounts';
import type { CurrentlyReading, ProfileUpdate } from '../../../shared/api/users';
import { useAddReading, useRemoveReading, useUpdateProfile, useUploadAvatar, type NewReadingEntry } from './queries';

interface UserActions {
  update(email: string, fields: ProfileUpdate): Promise<Profile>;
  uploadAvatar(file: File): Promise<Profile>;
  addReading(entry: NewReadingEntry): Promise<CurrentlyReading>;
  removeReading(entry: CurrentlyReading): Promise<void>;
}

/**
 * The profile forms' way in, kept under its old name while the forms move to @mantine/form:
 * `useUsersStore((s) => s.update)` and the rest are the mutations of queries.ts (useUpdateProfile,
 * useUploadAvatar, useAddReading, useRemoveReading). The members are in the query cache.
 */
export function useUsersStore<T>(select: (actions: UserActions) => T): T {
  const update = useUpdateProfile().mutateAsync;
  const uploadAvatar = useUploadAvatar().mutateAsync;
  const addReading = useAddReading().mutateAsync;
  const removeReading = useRemoveReading().mutateAsync;
  return select({
    update: (email, fields) => update({ email, fields }),
    uploadAvatar,
    addReading,
    removeReading: async (entry) => void (await removeReading(entry)),
  });
}
