import type { DataSource } from 'typeorm';
import { PAGE_PATTERNS, pageAddress } from '../../../shared/pages';
import { sqliteOf } from '../../db/data-source';
import { findRow, updateRows } from '../../db/table';
import { writeTransaction } from '../../db/write-transaction';
import { translate } from '../../http/i18n';
import type { MailMessage, MailOutbox } from '../../mail-outbox';
import type { LinkSettings } from '../accounts';
import type { ClubEvents } from '../newsletters';
import type { ScheduledTask } from '../schedule';
import { readingPartTable, type ReadingPartRow } from './reading-plan.entity';
import { bookPageCount, notYetReached, partsOf, partsToAnnounce, recordReached, type Recipient } from './reading-plan-rows';

export interface PartDueSettings {
  links: LinkSettings;
  /** The club's time zone (TIME_ZONE): the due day is a day there. */
  timeZone: string;
}

/** The announcement goes at this hour of the day before the due day, in the club's time zone. */
export const PART_DUE_HOUR = 9;

/**
 * A part's due day, announced the day before (at PART_DUE_HOUR in the club's time zone): a `partDue` club
 * event (its title and due day only), and a reminder mail to the main list's subscribers who have not reached
 * the part. The moment comes from the part's own `dueOn`, and `dueNoticeOn` marks it told in the transaction
 * that queues the mail, so it goes once: late after a restart (while the part is not yet due), never twice. A
 * new due day (ReadingPlanService.setSchedule) clears the mark. Nothing of the part's comments is in either.
 */
export class PartDue implements ScheduledTask {
  readonly name = 'reading plan due days';

  constructor(
    private readonly db: DataSource,
    private readonly deps: { outbox: MailOutbox; events: ClubEvents; settings: PartDueSettings },
  ) {}

  nextDue(now: Date): Date | null {
    const moments = partsToAnnounce(sqliteOf(this.db), now.toISOString()).map((part) => this.momentOf(part));
    return moments.length === 0 ? null : new Date(Math.min(...moments));
  }

  async runDue(now: Date): Promise<void> {
    const stamp = now.toISOString();
    for (const { id } of partsToAnnounce(sqliteOf(this.db), stamp).filter((part) => this.momentOf(part) <= now.getTime())) {
      const told = writeTransaction(this.db, (sql) => {
        const part = findRow(sql, readingPartTable, { id });
        if (!part || part.dueNoticeOn !== null || part.dueOn <= stamp || this.momentOf(part) > now.getTime()) return null;
        const book = bookPageCount(sql, part.bookId)!;
        // Whoever's progress passed the part meanwhile (a page count changed) has reached it, and is not reminded.
        recordReached(sql, { bookId: part.bookId, pageCount: book.pageCount, parts: partsOf(sql, part.bookId) }, stamp);
        updateRows(sql, readingPartTable, { id }, { dueNoticeOn: stamp });
        this.deps.outbox.enqueue(notYetReached(sql, id).map((to) => this.reminder(to, part, book.title)));
        return part;
      });
      if (told) this.deps.events.publish({ kind: 'partDue', bookId: told.bookId, partId: told.id, title: told.title, dueOn: told.dueOn });
    }
  }

  /** 09:00 on the day before the due day, in the club's time zone. */
  private momentOf(part: Pick<ReadingPartRow, 'dueOn'>): number {
    const [year, month, day] = dateIn(new Date(part.dueOn), this.deps.settings.timeZone);
    return instantAt(year, month, day - 1, PART_DUE_HOUR, this.deps.settings.timeZone);
  }

  private reminder(to: Recipient, part: ReadingPartRow, bookTitle: string): MailMessage {
    const { links, timeZone } = this.deps.settings;
    const language = to.language ?? links.defaultLanguage;
    const t = (key: string, params: Record<string, string | number> = {}) => translate(language, `mail:readingPlan.${key}`, params);
    const day = new Intl.DateTimeFormat(language, { timeZone, weekday: 'long', day: 'numeric', month: 'long' }).format(new Date(part.dueOn));
    const link = `${links.publicUrl}${pageAddress(PAGE_PATTERNS.book, { bookId: part.bookId })}`;
    const text = [t('due', { part: part.title, book: bookTitle, toPage: part.toPage, day }), t('link', { link })].join('\n\n');
    return {
      to: to.email,
      subject: `[${links.siteName}] ${t('dueSubject', { part: part.title, day })}`,
      text: `${text}\n\n${translate(language, 'mail:signature', { siteName: links.siteName })}\n`,
    };
  }
}

/** The calendar date of an instant in a time zone: [year, month (1–12), day]. */
function dateIn(instant: Date, timeZone: string): [number, number, number] {
  const text = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(instant);
  const [year, month, day] = text.split('-').map(Number);
  return [year!, month!, day!];
}

/** The instant a wall-clock hour of a day is in a time zone (the day may be out of its month's range: Date.UTC carries it). */
function instantAt(year: number, month: number, day: number, hour: number, timeZone: string): number {
  const asUtc = Date.UTC(year, month - 1, day, hour);
  return asUtc - offsetAt(new Date(asUtc), timeZone);
}

/** How far ahead of UTC a time zone's clocks are at an instant, in ms. */
function offsetAt(instant: Date, timeZone: string): number {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric' })
      .formatToParts(instant)
      .map((part) => [part.type, Number(part.value)]),
  );
  const wall = Date.UTC(parts.year!, parts.month! - 1, parts.day!, parts.hour!, parts.minute!);
  return wall - Math.floor(instant.getTime() / 60_000) * 60_000;
}
