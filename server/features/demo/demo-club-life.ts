import type BetterSqlite3 from 'better-sqlite3';
import type { Language } from '../../../shared/constants';
import { insertRow, insertRows } from '../../db/table';
import { meetingCheckInTable, meetingRsvpTable, meetingTable } from '../meetings';
import { meetingQuestionTable } from '../meeting-night';
import { readingProgressTable } from '../progress';
import { recommendationTable } from '../recommendations';
import { reviewTable } from '../reviews';
import { currentlyReadingTable } from '../users';
import { demoCoverUrl } from './demo-covers';
import { CURRENTLY_READING, MEETINGS, MODERATOR, PROGRESS, QUESTIONS, RECOMMENDATIONS, REVIEWS, type BookKey } from './demo-story';
import type { DemoText } from './demo-text';

// The demo club's life around its rounds: reviews, meetings with answers, check-ins and questions, reading
// progress, recommendations and currently-reading entries (seed-demo-club.ts writes the rounds first).

/** What these writers need of the club being written: its connection, words, members and books, and its clock. */
export interface DemoScene {
  sql: BetterSqlite3.Database;
  text: DemoText;
  language: Language;
  /** The club's books by the key of the suggestion that won. */
  bookOf: Map<BookKey, number>;
  /** A member's user id by their place in the story. */
  id(member: number): string;
  /** `days` from now as ISO 8601 (see seed-demo-club.ts). */
  at(days: number, time?: [number, number]): string;
  render(markdown: string): string;
}

export function writeReviews(scene: DemoScene): void {
  const rows = Object.entries(REVIEWS).flatMap(([key, reviews]) =>
    reviews.map((review, i) => ({
      bookId: scene.bookOf.get(key as BookKey)!,
      ownerId: scene.id(review.by),
      rating: review.rating,
      reviewText: scene.text.reviews[key as BookKey]![i]!,
      reviewUrl: null,
      hasSpoilers: review.spoilers === true,
      createdOn: scene.at(review.at),
      modifiedOn: scene.at(review.at),
    })),
  );
  insertRows(scene.sql, reviewTable, rows);
}

export function writeMeetings(scene: DemoScene): void {
  const questionRows = [];
  for (const meeting of MEETINGS) {
    const words = scene.text.meetings[meeting.key];
    const startsAt = scene.at(meeting.at, meeting.time);
    const createdOn = scene.at(Math.min(meeting.at - 14, -0.5));
    const meetingId = insertRow(scene.sql, meetingTable, {
      startsAt,
      endsAt: new Date(Date.parse(startsAt) + meeting.hours * 60 * 60 * 1000).toISOString(),
      place: words.place,
      onlineUrl: meeting.online ? scene.text.onlineUrl : null,
      bookId: scene.bookOf.get(meeting.book) ?? null,
      notes: words.notes,
      isCancelled: false,
      sequence: 0,
      // Past meetings had their reminders; the upcoming one gets its own the day before.
      reminderSentOn: meeting.at < 0 ? scene.at(meeting.at - 1, meeting.time) : null,
      ownerId: scene.id(MODERATOR),
      createdOn,
      modifiedOn: createdOn,
      version: 0,
    });
    const answers = Object.entries(meeting.rsvp).flatMap(([answer, who]) =>
      who.map((by, i) => ({ meetingId, userId: scene.id(by), answer: answer as 'going', modifiedOn: scene.at(Math.min(meeting.at - 10 + i * 0.7, -0.2)) })),
    );
    insertRows(scene.sql, meetingRsvpTable, answers);
    const checkIns = (meeting.checkedIn ?? []).map((by, i) => ({
      meetingId,
      userId: scene.id(by),
      checkedInOn: new Date(Date.parse(startsAt) - 10 * 60 * 1000 + i * 90 * 1000).toISOString(),
      checkedInBy: scene.id(by),
    }));
    if (checkIns.length > 0) insertRows(scene.sql, meetingCheckInTable, checkIns);
    if (meeting.at > 0) {
      questionRows.push(
        ...QUESTIONS.map((question, position) => ({
          meetingId,
          authorId: scene.id(question.by),
          text: scene.text.questions[position]!,
          hasSpoilers: false,
          position,
          createdOn: scene.at(question.at),
          modifiedOn: scene.at(question.at),
        })),
      );
    }
  }
  insertRows(scene.sql, meetingQuestionTable, questionRows);
}

export function writeProgress(scene: DemoScene): void {
  const bookId = scene.bookOf.get('b10')!;
  insertRows(
    scene.sql,
    readingProgressTable,
    PROGRESS.map((p) => ({
      bookId,
      userId: scene.id(p.by),
      page: p.page ?? null,
      percent: p.percent ?? null,
      finished: p.finished === true,
      shared: p.shared,
      updatedOn: scene.at(p.at),
    })),
  );
}

export function writeRecommendations(scene: DemoScene): void {
  insertRows(
    scene.sql,
    recommendationTable,
    RECOMMENDATIONS.map((r, i) => {
      const words = scene.text.recommendations[i]!;
      return {
        ownerId: scene.id(r.by),
        title: words.title,
        author: words.author,
        pageCount: words.pageCount,
        url: null,
        imageUrl: demoCoverUrl(`${scene.language}-rec${i + 1}`),
        text: words.text,
        renderedText: scene.render(words.text),
        createdOn: scene.at(r.at),
        modifiedOn: scene.at(r.at),
      };
    }),
  );
}

export function writeCurrentlyReading(scene: DemoScene): void {
  insertRows(
    scene.sql,
    currentlyReadingTable,
    CURRENTLY_READING.map((entry, i) => ({ ownerId: scene.id(entry.by), ...scene.text.currentlyReading[i]!, createdOn: scene.at(entry.at) })),
  );
}
