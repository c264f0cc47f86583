import { create } from 'zustand';
import type { Profile } from '../../../shared/api/accounts';
import type { RegisterBotRequest, RegisterUserRequest } from '../../../shared/api/admin';
import type { NewsletterSubscribers } from '../../../shared/api/newsletters';
import type { LoadStatus } from '../../lib/load-status';
import { newslettersService } from '../newsletters/newsletters.service';
import { useUsersStore } from '../users/users.store';
import { adminService } from './admin.service';

/** What the admin screen shows: the noticeboard's markdown, each newsletter's subscribers, and (admins) the bots. */
interface AdminState {
  noticeboard: string;
  subscribers: NewsletterSubscribers | null;
  bots: Profile[] | null;
  status: LoadStatus;
  error: unknown;
  /** Bots only for admins: the server refuses them to a moderator. */
  load(withBots: boolean): Promise<void>;
  saveNoticeboard(text: string): Promise<void>;
  /** A new member (invited by mail); they join the member list and the basic newsletter. */
  registerUser(request: RegisterUserRequest): Promise<Profile>;
  makeModerator(email: string): Promise<Profile>;
  /** Admins: a disabled account cannot sign in and is signed out everywhere; enabling lets it sign in again. */
  disable(email: string): Promise<Profile>;
  enable(email: string): Promise<Profile>;
  registerBot(request: RegisterBotRequest): Promise<Profile>;
}

export const useAdminStore = create<AdminState>()((set, get) => ({
  noticeboard: '',
  subscribers: null,
  bots: null,
  status: 'idle',
  error: null,

  async load(withBots) {
    // Read afresh on every visit: the noticeboard's editor starts from what is saved now.
    set({ status: 'loading', error: null });
    try {
      const [data, subscribers, bots] = await Promise.all([
        adminService.data(),
        newslettersService.subscribers(),
        withBots ? adminService.bots() : Promise.resolve(null),
      ]);
      set({ noticeboard: data.noticeboard, subscribers, bots, status: 'ready' });
    } catch (error) {
      set({ status: 'failed', error });
    }
  },

  async saveNoticeboard(text) {
    const saved = await adminService.saveNoticeboard(text);
    set({ noticeboard: saved.noticeboard });
  },

  async registerUser(request) {
    const profile = await adminService.registerUser(request);
    useUsersStore.getState().profileChanged(profile);
    // New members start on the basic newsletter.
    void newslettersService
      .subscribers()
      .then((subscribers) => set({ subscribers }))
      .catch((error: unknown) => console.error(error));
    return profile;
  },

  async makeModerator(email) {
    const profile = await adminService.makeModerator(email);
    useUsersStore.getState().profileChanged(profile);
    return profile;
  },

  async disable(email) {
    const profile = await adminService.disable(email);
    useUsersStore.getState().profileChanged(profile);
    return profile;
  },

  async enable(email) {
    const profile = await adminService.enable(email);
    useUsersStore.getState().profileChanged(profile);
    return profile;
  },

  async registerBot(request) {
    const bot = await adminService.registerBot(request);
    set({ bots: [...(get().bots ?? []).filter((b) => b.userId !== bot.userId), bot] });
    return bot;
  },
}));
