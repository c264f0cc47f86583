import { Anchor } from '@mantine/core';
import { useContext } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { pages } from '../../../shared/pages';
import { LoadFailed, PageLoader } from '../../components/PageStatus';
import { SiteNameContext, useDocumentTitle } from '../../components/PageTitle';
import { useRoom } from './queries';
import { RoomScreen } from './RoomScreen';

/**
 * /stretnutia/{id}/room: the room view of a meeting, full screen, for a moderator to open on the TV or
 * projector. It follows the evening live (follow-changes.ts reads it again on each of its events).
 */
export function RoomPage() {
  const { t } = useTranslation('meetingNight');
  const meetingId = Number(useParams().meetingId);
  const room = useRoom(meetingId);
  const siteName = useContext(SiteNameContext);
  useDocumentTitle(t('room.title'));

  if (room.isError && !room.data)
    return (
      <main className="room-failed">
        <LoadFailed title={t('room.title')} error={room.error} backTo={pages.meeting(meetingId)} backLabel={t('room.backToMeeting')} />
      </main>
    );
  if (!room.data) return <PageLoader />;
  return (
    <RoomScreen
      room={room.data}
      siteName={siteName}
      footer={
        <Anchor component={Link} to={pages.meeting(meetingId)} c="dimmed" data-testid="room-back">
          {t('room.backToMeeting')}
        </Anchor>
      }
    />
  );
}
