import type { HomeData } from '../../../shared/api/home';
import type { Markdown } from '../../markdown';
import type { ServerConfig } from '../../settings';
import type { AccountsService } from '../accounts/accounts.service';
import type { User } from '../accounts/user.entity';
import { NOTICEBOARD_KEY, type ClubSettingsService } from './settings.service';

/** What the home page shows. The club is members-only: a visitor gets the site's name and language only. */
export class HomeService {
  constructor(
    private readonly config: Pick<ServerConfig, 'siteName' | 'defaultLanguage' | 'matrixRoomLink'>,
    private readonly accounts: AccountsService,
    private readonly clubSettings: ClubSettingsService,
    private readonly markdown: Markdown,
  ) {}

  async homeFor(user: User | null): Promise<HomeData> {
    const visitorView: HomeData = {
      books: [],
      notice: null,
      currentPoll: null,
      currentDiscussion: null,
      myProfile: null,
      siteName: this.config.siteName,
      defaultLanguage: this.config.defaultLanguage,
      matrixRoomLink: null,
      needsSetup: !user && !(await this.accounts.hasAnyUser()),
    };
    if (!user) return visitorView;
    const noticeboard = await this.clubSettings.get(NOTICEBOARD_KEY);
    return {
      ...visitorView,
      notice: noticeboard ? this.markdown.render(noticeboard) : null,
      myProfile: this.accounts.profileOf(user),
      matrixRoomLink: this.config.matrixRoomLink,
    };
  }
}
