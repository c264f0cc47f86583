import type BetterSqlite3 from 'better-sqlite3';
import type { DataSource } from 'typeorm';
import {
  QUESTIONS_PER_MEETING_MAX,
  type MeetingQuestion,
  type MeetingQuestions,
  type NewQuestion,
  type QuestionChanges,
} from '../../../shared/api/meeting-night';
import { DELTA_EVENTS } from '../../../shared/events';
import { hasEnded } from '../../../shared/meeting-times';
import { isModerator } from '../../../shared/rules';
import type { Clock } from '../../clock';
import { sqliteOf } from '../../db/data-source';
import { countRows, deleteRows, findRow, findRows, insertRow, updateRows } from '../../db/table';
import { writeTransaction } from '../../db/write-transaction';
import { Conflict, Forbidden, NotFound } from '../../http/errors';
import type { Markdown } from '../../markdown';
import type { Hub } from '../../realtime/hub';
import { nextVersion } from '../../realtime/versions';
import { userNames, type User } from '../accounts';
import { meetingTable } from '../meetings';
import { meetingNightTable, meetingQuestionTable, type MeetingQuestionRow } from './meeting-night.entity';

type Sql = BetterSqlite3.Database;
const questions = meetingQuestionTable;

export interface QuestionsDeps {
  markdown: Markdown;
  clock: Clock;
  hub: Pick<Hub, 'publish'>;
}

/**
 * A meeting's discussion questions: any member adds one before the meeting or during it (it goes last); its
 * author or a moderator changes or removes it; a moderator orders them and marks the one being discussed.
 * Once the meeting is over (or cancelled) they stay as they were. Every change counts one more version of
 * the evening and is pushed as QuestionsChanged: the order and the one question that changed, not the list.
 */
export class QuestionsService {
  constructor(
    private readonly db: DataSource,
    private readonly deps: QuestionsDeps,
  ) {}

  async list(meetingId: number): Promise<MeetingQuestions> {
    const sql = sqliteOf(this.db);
    if (!findRow(sql, meetingTable, { id: meetingId })) throw new NotFound('meetingNotFound');
    return this.read(sql, meetingId);
  }

  /** The question being discussed and how many there are: what the room view shows of them. */
  async current(meetingId: number): Promise<{ question: MeetingQuestion | null; count: number }> {
    const sql = sqliteOf(this.db);
    const night = findRow(sql, meetingNightTable, { id: meetingId });
    const row = night?.currentQuestionId ? findRow(sql, questions, { id: night.currentQuestionId }) : undefined;
    return { question: row ? (await this.toQuestions([row]))[0]! : null, count: countRows(sql, questions, { meetingId }) };
  }

  add(meetingId: number, author: User, input: NewQuestion): Promise<MeetingQuestions> {
    const now = this.deps.clock.now().toISOString();
    return this.write(meetingId, (sql) => {
      const count = countRows(sql, questions, { meetingId });
      if (count >= QUESTIONS_PER_MEETING_MAX) throw new Conflict('tooManyQuestions');
      const last = findRows(sql, questions, { meetingId }, { orderBy: [['position', 'DESC']], limit: 1, select: ['position'] })[0];
      const row = { meetingId, authorId: author.id, text: input.text, hasSpoilers: input.hasSpoilers ?? false, createdOn: now, modifiedOn: now };
      return insertRow(sql, questions, { ...row, position: (last?.position ?? 0) + 1 });
    });
  }

  change(meetingId: number, questionId: number, caller: User, changes: QuestionChanges): Promise<MeetingQuestions> {
    const now = this.deps.clock.now().toISOString();
    return this.write(meetingId, (sql) => {
      const question = this.ownQuestion(sql, meetingId, questionId, caller);
      const next = { text: changes.text ?? question.text, hasSpoilers: changes.hasSpoilers ?? question.hasSpoilers };
      if (next.text === question.text && next.hasSpoilers === question.hasSpoilers) return 'unchanged';
      updateRows(sql, questions, { id: questionId }, { ...next, modifiedOn: now });
      return questionId;
    });
  }

  remove(meetingId: number, questionId: number, caller: User): Promise<MeetingQuestions> {
    return this.write(meetingId, (sql) => {
      this.ownQuestion(sql, meetingId, questionId, caller);
      // The current question, removed, is current no more.
      updateRows(sql, meetingNightTable, { id: meetingId, currentQuestionId: questionId }, { currentQuestionId: null });
      deleteRows(sql, questions, { id: questionId });
      return null;
    });
  }

  /** A moderator's order: every question of the meeting, once each; one added or removed meanwhile is a 409. */
  order(meetingId: number, questionIds: readonly number[]): Promise<MeetingQuestions> {
    return this.write(meetingId, (sql) => {
      const ids = findRows(sql, questions, { meetingId }, { select: ['id'] }).map((row) => row.id);
      const given = new Set(questionIds);
      if (given.size !== questionIds.length || given.size !== ids.length || !ids.every((id) => given.has(id))) throw new Conflict('questionsChanged');
      questionIds.forEach((id, index) => updateRows(sql, questions, { id }, { position: index + 1 }));
      return null;
    });
  }

  setCurrent(meetingId: number, questionId: number | null): Promise<MeetingQuestions> {
    return this.write(meetingId, (sql) => {
      if (questionId !== null && !findRow(sql, questions, { id: questionId, meetingId })) throw new NotFound('questionNotFound');
      this.night(sql, meetingId);
      updateRows(sql, meetingNightTable, { id: meetingId }, { currentQuestionId: questionId });
      return null;
    });
  }

  /**
   * One change in a transaction, while the meeting takes questions (not cancelled, not over); `work` answers
   * the question it added or changed (pushed whole), null for a change of order or of the current one, or
   * 'unchanged'. Answers the questions as they are after it.
   */
  private async write(meetingId: number, work: (sql: Sql) => number | null | 'unchanged'): Promise<MeetingQuestions> {
    const now = this.deps.clock.now();
    const changed = writeTransaction(this.db, (sql) => {
      const meeting = findRow(sql, meetingTable, { id: meetingId });
      if (!meeting) throw new NotFound('meetingNotFound');
      if (meeting.isCancelled) throw new Conflict('meetingCancelled');
      if (hasEnded(meeting, now)) throw new Conflict('meetingPast');
      const questionId = work(sql);
      if (questionId === 'unchanged') return null;
      this.night(sql, meetingId);
      return { questionId, version: nextVersion(sql, meetingNightTable, meetingId) };
    });
    const answer = await this.read(sqliteOf(this.db), meetingId);
    if (changed) {
      const question = changed.questionId === null ? undefined : answer.questions.find((q) => q.questionId === changed.questionId);
      await this.deps.hub.publish({
        event: DELTA_EVENTS.questionsChanged,
        payload: {
          meetingId,
          version: changed.version,
          currentQuestionId: answer.currentQuestionId,
          order: answer.questions.map((q) => q.questionId),
          ...(question ? { question } : {}),
        },
      });
    }
    return answer;
  }

  /** The question, if the caller may change it: its author's or any moderator's. */
  private ownQuestion(sql: Sql, meetingId: number, questionId: number, caller: User): MeetingQuestionRow {
    const question = findRow(sql, questions, { id: questionId, meetingId });
    if (!question) throw new NotFound('questionNotFound');
    if (question.authorId !== caller.id && !isModerator(caller)) throw new Forbidden('questionNotYours');
    return question;
  }

  /** The evening's row, made with its first change. */
  private night(sql: Sql, meetingId: number): void {
    if (!findRow(sql, meetingNightTable, { id: meetingId }))
      insertRow(sql, meetingNightTable, { id: meetingId, currentQuestionId: null, revealedPollId: null, version: 0 });
  }

  private async read(sql: Sql, meetingId: number): Promise<MeetingQuestions> {
    const rows = findRows(
      sql,
      questions,
      { meetingId },
      {
        orderBy: [
          ['position', 'ASC'],
          ['id', 'ASC'],
        ],
      },
    );
    const night = findRow(sql, meetingNightTable, { id: meetingId });
    return { meetingId, currentQuestionId: night?.currentQuestionId ?? null, questions: await this.toQuestions(rows), version: night?.version ?? 0 };
  }

  private async toQuestions(rows: MeetingQuestionRow[]): Promise<MeetingQuestion[]> {
    const names = await userNames(
      this.db,
      rows.map((row) => row.authorId),
    );
    return rows.map((row) => ({
      questionId: row.id,
      meetingId: row.meetingId,
      text: row.text,
      textHtml: this.deps.markdown.render(row.text),
      hasSpoilers: !!row.hasSpoilers,
      authorId: row.authorId,
      authorName: names.get(row.authorId) ?? '',
      createdOn: row.createdOn,
      modifiedOn: row.modifiedOn,
    }));
  }
}
