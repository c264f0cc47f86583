import { IconEyeOff, IconMapPin, IconUsers } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { RoomView } from '../../../shared/api/meeting-night';
import { BookCover } from '../../components/BookCover';
import { RenderedHtml } from '../../components/RenderedHtml';
import { meetingDay, meetingHours } from '../../lib/format-date';
import { QrCode } from '../host';
import { RoomPoll } from './RoomPoll';
import './room.css';
import './room-poll.css';

/** The join QR code's drawn size; the stylesheet scales it with the screen. */
const QR_SIZE = 360;

/**
 * The room view: what a TV or projector shows the room on a meeting night, read from across the room (type
 * sized by the screen's width), with nothing to press. The club and the meeting, the book, the address and
 * QR code to join, who is here, the question being discussed and the poll filling up as members vote. A
 * signed-in screen also shows the schedule's part for the evening (`part`: the display link reads no schedule).
 */
export function RoomScreen({ room, siteName, footer, part }: { room: RoomView; siteName: string; footer?: ReactNode; part?: ReactNode }) {
  const { t } = useTranslation('meetingNight');
  const { meeting, book } = room;

  return (
    <main className="room" data-testid="room-view" data-meeting-id={meeting?.meetingId}>
      <header className="room-header">
        <div className="room-heading">
          <p className="room-club">{siteName}</p>
          <h1 className="room-title">{meeting ? meetingDay(meeting.startsAt) : t('room.noMeeting')}</h1>
          {meeting && (
            <p className="room-when" data-testid="room-when">
              {meetingHours(meeting)}
              {meeting.isCancelled && <span className="room-badge room-badge-alert">{t('room.cancelled')}</span>}
            </p>
          )}
          {meeting?.place && (
            <p className="room-place">
              <IconMapPin aria-hidden className="room-icon" />
              <span>{meeting.place.split('\n')[0]}</span>
            </p>
          )}
        </div>
        {room.joinUrl && (
          <div className="room-join" data-testid="room-join">
            <div className="room-join-text">
              <p className="room-label">{t('room.join')}</p>
              <p className="room-join-url">{room.joinUrl}</p>
            </div>
            <div className="room-qr">
              <QrCode url={room.joinUrl} size={QR_SIZE} testId="room-qr" />
            </div>
          </div>
        )}
      </header>

      <aside className="room-side" aria-label={t('room.aboutTheEvening')}>
        {book && (
          <section className="room-book" aria-labelledby="room-book-title" data-testid="room-book">
            <div className="room-cover">
              <BookCover src={book.imageUrl} width={200} height={300} />
            </div>
            <div>
              <h2 className="room-label" id="room-book-title">
                {t('room.book')}
              </h2>
              <p className="room-book-title">{book.title}</p>
              {book.author && <p className="room-book-author">{book.author}</p>}
            </div>
          </section>
        )}
        {part}
        <section className="room-here" aria-labelledby="room-here-title" data-testid="room-checked-in">
          <h2 className="room-label" id="room-here-title">
            <IconUsers aria-hidden className="room-icon" />
            {t('room.here', { count: room.checkedIn.length })}
          </h2>
          {room.checkedIn.length === 0 ? (
            <p className="room-muted">{t('room.nobodyHere')}</p>
          ) : (
            <ul className="room-names">
              {room.checkedIn.map((member) => (
                <li key={member.userId} className="room-name" data-testid="room-checked-in-name">
                  {member.name}
                </li>
              ))}
            </ul>
          )}
          {room.goingCount > 0 && <p className="room-muted">{t('room.going', { count: room.goingCount })}</p>}
        </section>
      </aside>

      <div className="room-main">
        <section className="room-question" aria-labelledby="room-question-title" data-testid="room-question">
          <h2 className="room-label" id="room-question-title">
            {t('room.question')}
            {room.currentQuestion?.hasSpoilers && (
              <span className="room-badge" data-testid="room-spoiler-badge">
                <IconEyeOff aria-hidden className="room-icon" />
                {t('room.spoiler')}
              </span>
            )}
          </h2>
          {room.currentQuestion ? (
            <div className="room-question-text" data-testid="room-current-question">
              <RenderedHtml html={room.currentQuestion.textHtml} />
              <p className="room-question-author">{t('room.askedBy', { name: room.currentQuestion.authorName })}</p>
            </div>
          ) : (
            <p className="room-muted">{room.questionCount > 0 ? t('room.noCurrentQuestion', { count: room.questionCount }) : t('room.noQuestions')}</p>
          )}
        </section>
        {room.poll && <RoomPoll poll={room.poll} revealed={room.pollRevealed} />}
      </div>
      {footer && <footer className="room-footer">{footer}</footer>}
    </main>
  );
}
