import { Alert, Anchor } from '@mantine/core';
import { IconDeviceTvOff } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useContext } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { pages } from '../../../shared/pages';
import { LoadFailed, PageLoader } from '../../components/PageStatus';
import { SiteNameContext, useDocumentTitle } from '../../components/PageTitle';
import { isNotFound } from '../../lib/load-status';
import { TonightPart } from '../reading-plan';
import { useDisplayHub } from './display-hub';
import { displayRoomQuery, useDisplayRoom, useRoom } from './queries';
import { RoomScreen } from './RoomScreen';

// Both pages of the room view in one file, one chunk: each lazy page costs the first page's script a few
// bytes (its name and what it needs), and that script is at its budget.

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
      part={room.data.book && room.data.meeting && <TonightPart bookId={room.data.book.bookId} startsAt={room.data.meeting.startsAt} />}
      footer={
        <Anchor component={Link} to={pages.meeting(meetingId)} c="dimmed" data-testid="room-back">
          {t('room.backToMeeting')}
        </Anchor>
      }
    />
  );
}

/**
 * /room/{token}: the room view through the club's display link, on a TV nobody signs in on. It shows the
 * meeting under way or the next one, follows the evening on the hub with the link's token, and says so when
 * a moderator has turned the link off or replaced it.
 */
export function DisplayRoomPage() {
  const { t } = useTranslation('meetingNight');
  const displayToken = useParams().displayToken ?? '';
  const queryClient = useQueryClient();
  const room = useDisplayRoom(displayToken);
  const siteName = useContext(SiteNameContext);
  useDocumentTitle(t('room.title'));
  const readRoom = useCallback(() => void queryClient.invalidateQueries({ queryKey: displayRoomQuery(displayToken).queryKey }), [queryClient, displayToken]);
  useDisplayHub(displayToken, readRoom);

  if (room.isError && (isNotFound(room.error) || !room.data)) {
    const gone = isNotFound(room.error);
    return (
      <main className="room room-gone" data-testid="display-gone">
        <Alert
          color="gray"
          variant="outline"
          icon={<IconDeviceTvOff aria-hidden />}
          title={<h1 className="room-gone-title">{gone ? t('display.goneTitle') : t('display.failedTitle')}</h1>}
        >
          <p className="room-gone-text">{gone ? t('display.gone') : t('display.failed')}</p>
        </Alert>
      </main>
    );
  }
  if (!room.data) return <PageLoader />;
  return <RoomScreen room={room.data} siteName={siteName} />;
}
