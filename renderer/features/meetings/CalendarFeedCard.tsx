import { IconCalendarShare } from '@tabler/icons-react';
import { SecretLinkCard } from '../../components/SecretLinkCard';
import { useCalendarFeed, useChangeCalendarFeed } from './queries';

/** On the member's own profile: their private calendar feed, to copy into a calendar app. */
export function CalendarFeedCard() {
  const state = useCalendarFeed();
  const change = useChangeCalendarFeed().mutateAsync;
  return (
    <SecretLinkCard
      id="calendar-feed"
      icon={<IconCalendarShare size={20} />}
      words="meetings:feed"
      failureKey="meetings:toast.feedFailed"
      state={state}
      change={change}
    />
  );
}
