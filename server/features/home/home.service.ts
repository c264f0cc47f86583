import type { DemoClub } from '../../../shared/api/demo';
import type { HomeData } from '../../../shared/api/home';
import type { Markdown } from '../../markdown';
import type { ServerConfig } from '../../settings';
import type { AccountsService, User } from '../accounts';
import type { BooksService } from '../books';
import type { DiscussionsService } from '../discussions';
import type { PollsService } from '../polls';
import { NOTICEBOARD_KEY, type ClubSettingsService } from './settings.service';

interface HomeSources {
  accounts: AccountsService;
  clubSettings: ClubSettingsService;
  discussions: DiscussionsService;
  polls: PollsService;
  books: BooksService;
  /** The demo club's one-click accounts (features/demo), or null in a real club. */
  demo: { club(): DemoClub | null };
}

/** What the home page shows. The club is members-only: a visitor gets the site's name and language only. */
export class HomeService {
  constructor(
    private readonly config: Pick<ServerConfig, 'siteName' | 'defaultLanguage' | 'matrixRoomLink' | 'openLibrary'>,
    private readonly sources: HomeSources,
    private readonly markdown: Markdown,
  ) {}

  /** `fromHostMachine`: the caller is on the club host's own machine, where setup needs no code. */
  async homeFor(user: User | null, fromHostMachine = false): Promise<HomeData> {
    const { accounts, clubSettings, discussions, polls, books } = this.sources;
    const needsSetup = !user && !(await accounts.hasAnyUser());
    const visitorView: HomeData = {
      books: [],
      notice: null,
      currentPoll: null,
      currentDiscussion: null,
      myProfile: null,
      siteName: this.config.siteName,
      defaultLanguage: this.config.defaultLanguage,
      matrixRoomLink: null,
      bookLookup: false,
      needsSetup,
      setupNeedsCode: needsSetup && !fromHostMachine,
      demo: this.sources.demo.club(),
    };
    if (!user) return visitorView;
    const [noticeboard, discussion, poll, bookList] = await Promise.all([
      clubSettings.get(NOTICEBOARD_KEY),
      discussions.current(),
      polls.current(),
      books.list(),
    ]);
    return {
      ...visitorView,
      books: bookList,
      notice: noticeboard ? this.markdown.render(noticeboard) : null,
      currentDiscussion: discussion && {
        discussionId: discussion.id,
        title: discussion.title,
        topic: discussion.topic,
        isClosed: !!discussion.isClosed,
      },
      currentPoll: poll && {
        pollId: poll.id,
        discussionId: poll.discussionId,
        title: poll.title,
        topic: poll.topic,
        isClosed: !!poll.isClosed,
        closesAt: poll.closesAt,
      },
      myProfile: accounts.profileOf(user),
      matrixRoomLink: this.config.matrixRoomLink,
      bookLookup: !!this.config.openLibrary,
    };
  }
}
