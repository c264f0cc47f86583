import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { Meeting, RsvpAnswer } from '../../../shared/api/meetings';
import { RSVP_ORDER } from './viewer-answer';
import { announce } from '../../lib/announce';
import { useSessionStore } from '../../store/session-store';
import { meetingWhen } from './meeting-when';

interface Seen {
  meetingId: number;
  sequence: number;
  isCancelled: boolean;
  answers: Map<string, RsvpAnswer>;
}

function answersOf(meeting: Meeting): Map<string, RsvpAnswer> {
  return new Map(RSVP_ORDER.flatMap((answer) => meeting.rsvp[answer].map((userId) => [userId, answer] as const)));
}

/**
 * Says to screen readers what changed in the meeting on screen while the member reads it (a live update): a
 * new time or place, a cancellation, and other members' answers. The member's own answers are theirs to know;
 * a meeting first shown says nothing.
 */
export function useAnnounceMeetingChanges(meeting: Meeting | undefined): void {
  const { t } = useTranslation('meetings');
  const myUserId = useSessionStore((s) => s.myProfile?.userId);
  const seen = useRef<Seen | null>(null);

  useEffect(() => {
    if (!meeting) return;
    const before = seen.current;
    const answers = answersOf(meeting);
    seen.current = { meetingId: meeting.meetingId, sequence: meeting.sequence, isCancelled: meeting.isCancelled, answers };
    if (!before || before.meetingId !== meeting.meetingId) return;
    const news: string[] = [];
    if (meeting.isCancelled && !before.isCancelled) news.push(t('live.cancelled'));
    else if (meeting.sequence > before.sequence) news.push(t('live.changed', { when: meetingWhen(meeting) }));
    for (const { userId, name } of meeting.responders) {
      const answer = answers.get(userId);
      if (userId !== myUserId && answer && answer !== before.answers.get(userId)) news.push(t('live.answered', { name, answer: t(`rsvp.${answer}`) }));
    }
    if (news.length > 0) announce(news.join(' '));
  }, [meeting, myUserId, t]);
}
