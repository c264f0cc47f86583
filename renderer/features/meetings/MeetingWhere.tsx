import { Anchor, Group, Text, VisuallyHidden } from '@mantine/core';
import { IconMapPin, IconVideo } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { Meeting } from '../../../shared/api/meetings';

/** Where a meeting is: its place and its online link, either or both. */
export function MeetingWhere({ meeting }: { meeting: Pick<Meeting, 'place' | 'onlineUrl'> }) {
  const { t } = useTranslation('meetings');
  return (
    <>
      {meeting.place && (
        <Group gap={6} wrap="nowrap" align="flex-start">
          <IconMapPin size={18} aria-hidden style={{ flexShrink: 0, marginTop: 2 }} />
          <Text size="sm" style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
            <VisuallyHidden component="span">{`${t('meeting.place')}: `}</VisuallyHidden>
            {meeting.place}
          </Text>
        </Group>
      )}
      {meeting.onlineUrl && (
        <Group gap={6} wrap="nowrap">
          <IconVideo size={18} aria-hidden style={{ flexShrink: 0 }} />
          <Anchor href={meeting.onlineUrl} target="_blank" rel="noopener noreferrer" size="sm" style={{ overflowWrap: 'anywhere' }}>
            {t('meeting.online')}
          </Anchor>
        </Group>
      )}
    </>
  );
}
