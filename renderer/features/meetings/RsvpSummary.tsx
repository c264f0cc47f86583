import { Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Meeting } from '../../../shared/api/meetings';
import { RSVP_ORDER } from './viewer-answer';

/** How many answered going, maybe and not going, and who. */
export function RsvpSummary({ meeting }: { meeting: Meeting }) {
  const { t } = useTranslation('meetings');
  const nameOf = new Map(meeting.responders.map((member) => [member.userId, member.name]));
  const { going, maybe, notGoing } = meeting.rsvp;
  return (
    <Stack gap={4} data-testid="rsvp-summary">
      <Text size="sm" fw={600}>
        {t('rsvp.counts', { going: going.length, maybe: maybe.length, notGoing: notGoing.length })}
      </Text>
      {RSVP_ORDER.map((answer) => {
        const names = meeting.rsvp[answer].map((userId) => nameOf.get(userId) ?? userId);
        if (names.length === 0) return null;
        return (
          <Text key={answer} size="sm" data-testid={`rsvp-${answer}`}>
            <Text span fw={600} size="sm">
              {t(`rsvp.${answer}`)}:
            </Text>{' '}
            {names.join(', ')}
          </Text>
        );
      })}
    </Stack>
  );
}
