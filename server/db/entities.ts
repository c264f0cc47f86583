import { UserEntity } from '../features/accounts/user.entity';
import { BookEntity } from '../features/books/book.entity';
import { DiscussionEntity } from '../features/discussions/discussion.entity';
import { PostEntity } from '../features/discussions/post.entity';
import { SettingEntity } from '../features/home/setting.entity';
import { PollEntity, PollOptionEntity, VoteChoiceEntity, VoteEntity } from '../features/polls/poll.entity';
import { RoundEntity } from '../features/rounds/round.entity';
import { ResetTokenEntity } from '../features/accounts/reset-token.entity';
import { MailEntity } from '../features/mail/mail.entity';
import { SubscriptionEntity } from '../features/newsletters/subscription.entity';
import { CurrentlyReadingEntity } from '../features/users/currently-reading.entity';
import { RecommendationEntity } from '../features/recommendations/recommendation.entity';
import { ReviewEntity } from '../features/reviews/review.entity';
import { CalendarFeedEntity, MeetingEntity, MeetingRsvpEntity } from '../features/meetings/meeting.entity';
import { ReadingProgressEntity } from '../features/progress/progress.entity';

/** Every entity the data source knows; a feature adds its own here. */
export const entities = [
  UserEntity,
  SettingEntity,
  RoundEntity,
  DiscussionEntity,
  PostEntity,
  PollEntity,
  PollOptionEntity,
  VoteEntity,
  VoteChoiceEntity,
  BookEntity,
  MailEntity,
  ResetTokenEntity,
  SubscriptionEntity,
  CurrentlyReadingEntity,
  RecommendationEntity,
  ReviewEntity,
  MeetingEntity,
  MeetingRsvpEntity,
  CalendarFeedEntity,
  ReadingProgressEntity,
];
