import { useTranslation } from 'react-i18next';
import { formatDate } from '../../lib/format-date';
import { fromPageOf, tonightPartOf } from './plan-position';
import { useSchedule } from './queries';

/**
 * The room view's part of the schedule for the evening: the part due on the meeting's day, or the next due
 * after it. Drawn in the room view's own type (room.css); nothing when the book has no schedule.
 */
export function TonightPart({ bookId, startsAt }: { bookId: number; startsAt: string }) {
  const { t } = useTranslation('readingPlan');
  const parts = useSchedule(bookId).data?.parts ?? [];
  const part = tonightPartOf(parts, startsAt);
  if (!part) return null;
  return (
    <section className="room-book" aria-labelledby="room-part-title" data-testid="room-part">
      <div>
        <h2 className="room-label" id="room-part-title">
          {t('room.part')}
        </h2>
        <p className="room-book-title">{part.title}</p>
        <p className="room-muted">
          {t('timeline.pages', { from: fromPageOf(parts, part), to: part.toPage })} · {t('part.dueOn', { date: formatDate(part.dueOn) })}
        </p>
      </div>
    </section>
  );
}
