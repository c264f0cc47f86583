import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Profile } from '../../../shared/api/accounts';
import { userListEntry } from '../../test-support/profiles';

vi.mock('./users.service', () => ({
  usersService: { list: vi.fn(), update: vi.fn(), addReading: vi.fn(), removeReading: vi.fn(), currentlyReading: vi.fn(), uploadAvatar: vi.fn() },
}));

const { usersService } = await import('./users.service');
const { useUsersStore } = await import('./users.store');

const bea = userListEntry({
  userId: 'bea',
  currentlyReading: [{ entryId: 1, ownerId: 'bea', title: 'Solaris', author: 'Stanisław Lem' }],
});

describe('the users store', () => {
  beforeEach(async () => {
    vi.mocked(usersService.list).mockResolvedValue([bea]);
    useUsersStore.getState().clear();
    await useUsersStore.getState().load();
  });

  it('keeps what a member reads when their saved profile comes back', async () => {
    const { currentlyReading: _, ...profile } = bea;
    vi.mocked(usersService.update).mockResolvedValue({ ...profile, phone: '+421 900 123 456' } as Profile);
    await useUsersStore.getState().update(bea.email, { name: bea.name, phone: '+421 900 123 456' });
    const [saved] = useUsersStore.getState().users;
    expect(saved?.phone).toBe('+421 900 123 456');
    expect(saved?.currentlyReading.map((r) => r.title)).toEqual(['Solaris']);
  });

  it('adds and removes the books a member reads in their entry', async () => {
    vi.mocked(usersService.addReading).mockResolvedValue({ entryId: 2, ownerId: 'bea', title: 'Piranesi', author: null });
    vi.mocked(usersService.removeReading).mockResolvedValue(true);
    await useUsersStore.getState().addReading({ title: 'Piranesi', author: null });
    await useUsersStore.getState().removeReading(bea.currentlyReading[0]!);
    expect(useUsersStore.getState().users[0]?.currentlyReading.map((r) => r.title)).toEqual(['Piranesi']);
  });

  it('forgets everyone at logout', () => {
    useUsersStore.getState().clear();
    expect(useUsersStore.getState()).toMatchObject({ users: [], status: 'idle' });
  });

  it('adds the member’s own profile when the list does not carry it, with their reading', async () => {
    vi.mocked(usersService.currentlyReading).mockResolvedValue([
      { entryId: 7, ownerId: 'me', title: 'Bluets', author: 'Maggie Nelson' },
      { entryId: 1, ownerId: 'bea', title: 'Solaris', author: null },
    ]);
    const { currentlyReading: _, ...profile } = bea;
    await useUsersStore.getState().adopt({ ...profile, userId: 'me', email: 'me@riverside.test', isActiveParticipant: false });
    const me = useUsersStore.getState().users.find((u) => u.userId === 'me');
    expect(me?.currentlyReading.map((r) => r.title)).toEqual(['Bluets']);
  });
});
