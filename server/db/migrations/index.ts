import { Initial1732250000000 } from './1732250000000-initial';
import { Rounds1732260000000 } from './1732260000000-rounds';
import { Mail1732270000000 } from './1732270000000-mail';
import { Members1732280000000 } from './1732280000000-members';
import { Reading1732290000000 } from './1732290000000-reading';
import { RenderedText1732300000000 } from './1732300000000-rendered-text';
import { Sessions1732310000000 } from './1732310000000-sessions';
import { AccountNames1732320000000 } from './1732320000000-account-names';
import { Spoilers1732330000000 } from './1732330000000-spoilers';
import { Meetings1732340000000 } from './1732340000000-meetings';
import { MailAttachments1732350000000 } from './1732350000000-mail-attachments';
import { MailErrorTime1732360000000 } from './1732360000000-mail-error-time';
import { FeedSessions1732370000000 } from './1732370000000-feed-sessions';
import { NewsletterIssues1732380000000 } from './1732380000000-newsletter-issues';
import { LiveVersions1732383000000 } from './1732383000000-live-versions';
import { RankedPolls1732386000000 } from './1732386000000-ranked-polls';
import { MeetingNight1732389000000 } from './1732389000000-meeting-night';
import { Chat1732392000000 } from './1732392000000-chat';
import { Shelves1732395000000 } from './1732395000000-shelves';
import { PublicationYear1732398000000 } from './1732398000000-publication-year';
import { DatePolls1732401000000 } from './1732401000000-date-polls';
import { ChatRefusals1732402000000 } from './1732402000000-chat-refusals';
import { ReadingPlan1732404000000 } from './1732404000000-reading-plan';

/** In order; each runs once, recorded in the migrations table. */
export const migrations = [
  Initial1732250000000,
  Rounds1732260000000,
  Mail1732270000000,
  Members1732280000000,
  Reading1732290000000,
  RenderedText1732300000000,
  Sessions1732310000000,
  AccountNames1732320000000,
  Spoilers1732330000000,
  Meetings1732340000000,
  MailAttachments1732350000000,
  MailErrorTime1732360000000,
  FeedSessions1732370000000,
  NewsletterIssues1732380000000,
  LiveVersions1732383000000,
  RankedPolls1732386000000,
  MeetingNight1732389000000,
  Chat1732392000000,
  Shelves1732395000000,
  PublicationYear1732398000000,
  DatePolls1732401000000,
  ChatRefusals1732402000000,
  ReadingPlan1732404000000,
];
