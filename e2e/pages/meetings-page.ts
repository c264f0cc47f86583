import { expect, type Locator } from '@playwright/test';
import type { Meeting } from '../../shared/api/meetings';
import type { ClubApi } from '../club-api';
import type { ClubApp } from './club-app';

/** What a scene needs of a meeting: the start, the rest as the API takes it. */
export interface MeetingPlan {
  startsAt: string;
  endsAt?: string | null;
  place?: string | null;
  onlineUrl?: string | null;
  bookId?: number | null;
  notes?: string | null;
}

/** A moderator schedules a meeting through the API. */
export function scheduleMeeting(moderator: ClubApi, plan: MeetingPlan): Promise<Meeting> {
  return moderator.call<Meeting>('POST', '/api/meetings', plan);
}

/** A member answers a meeting through the API. */
export function answerMeeting(member: ClubApi, meetingId: number, answer: 'going' | 'maybe' | 'notGoing'): Promise<Meeting> {
  return member.call<Meeting>('POST', `/api/meetings/${meetingId}/rsvp`, { answer });
}

/** A day this many days from now, as the day input takes it (in the browser's zone, which is the machine's). */
export function dayFromNow(days: number): string {
  const day = new Date(Date.now() + days * 86_400_000);
  return `${day.getFullYear()}-${String(day.getMonth() + 1).padStart(2, '0')}-${String(day.getDate()).padStart(2, '0')}`;
}

/** /stretnutia and /stretnutia/{id}: the meetings, one meeting, its answers and the moderators' form. */
export class MeetingsPage {
  constructor(readonly app: ClubApp) {}

  get page() {
    return this.app.page;
  }

  async gotoList() {
    await this.app.goto('/stretnutia');
    await expect(this.page.getByTestId('meetings-page')).toBeVisible();
  }

  async goto(meetingId: number) {
    await this.app.goto(`/stretnutia/${meetingId}`);
    await expect(this.page.getByTestId('meeting-page')).toBeVisible();
  }

  get form() {
    return this.page.getByTestId('meeting-form');
  }

  field(label: string | RegExp): Locator {
    return this.form.getByLabel(label);
  }

  /** Fills the moderators' form: the day and times as the inputs take them (`2026-12-03`, `19:00`). */
  async fill(fields: { day?: string; starts?: string; ends?: string; place?: string; onlineUrl?: string; book?: string; notes?: string }) {
    if (fields.day !== undefined) await this.field('Day').fill(fields.day);
    if (fields.starts !== undefined) await this.field('Starts at').fill(fields.starts);
    if (fields.ends !== undefined) await this.field('Ends at').fill(fields.ends);
    if (fields.place !== undefined) await this.field('Place').fill(fields.place);
    if (fields.onlineUrl !== undefined) await this.field('Online link').fill(fields.onlineUrl);
    if (fields.book !== undefined) await this.field('Book').selectOption({ label: fields.book });
    if (fields.notes !== undefined) await this.field('Notes').fill(fields.notes);
  }

  /** The meeting on its own page (or the first one of a list). */
  get meeting() {
    return this.page.getByTestId('meeting').first();
  }

  get hours() {
    return this.meeting.getByTestId('meeting-hours');
  }

  /** The member's own answer: a radio group named by its label. */
  get answers() {
    return this.meeting.getByRole('radiogroup', { name: /Are you coming\?|Prídete\?/ });
  }

  async answer(label: 'Going' | 'Maybe' | 'Not going') {
    // Mantine's SegmentedControl hides its radios behind their labels: the label is what a member clicks.
    await this.answers.getByText(label, { exact: true }).click();
    await expect(this.answers.getByRole('radio', { name: label, exact: true })).toBeChecked();
  }

  /** Who answered `answer`, as the meeting lists them. */
  responders(answer: 'going' | 'maybe' | 'notGoing') {
    return this.meeting.getByTestId(`rsvp-${answer}`);
  }

  get summary() {
    return this.meeting.getByTestId('rsvp-summary');
  }

  get addToCalendar() {
    return this.meeting.getByRole('button', { name: /Add to calendar|Pridať do kalendára/ });
  }
}
