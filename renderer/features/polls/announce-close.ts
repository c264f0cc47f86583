import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { Poll } from '../../../shared/api/polls';
import { announce } from '../../lib/announce';

/** Says to screen readers that the poll on screen has closed while the member had it open (a live update). */
export function useAnnounceClose(poll: Poll | undefined): void {
  const { t } = useTranslation('polls');
  const wasOpen = useRef<{ pollId: number; open: boolean } | null>(null);

  useEffect(() => {
    if (!poll) return;
    const before = wasOpen.current;
    wasOpen.current = { pollId: poll.pollId, open: !poll.isClosed };
    if (before?.pollId === poll.pollId && before.open && poll.isClosed) announce(t('live.closed'));
  }, [poll, t]);
}
