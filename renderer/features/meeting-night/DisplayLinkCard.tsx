import { IconDeviceTv } from '@tabler/icons-react';
import { SecretLinkCard } from '../../components/SecretLinkCard';
import { useChangeDisplayLink, useDisplayLink } from './queries';

/**
 * For moderators: the club's display link, which opens the room view on a TV nobody signs in on; once turned
 * off or made anew, the screens showing the old one say the link is gone.
 */
export function DisplayLinkCard() {
  const state = useDisplayLink();
  const change = useChangeDisplayLink().mutateAsync;
  return (
    <SecretLinkCard
      id="display-link"
      icon={<IconDeviceTv size={20} />}
      words="meetingNight:display"
      failureKey="meetingNight:toast.displayFailed"
      state={state}
      change={change}
    />
  );
}
