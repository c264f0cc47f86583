import { Button, Card, Checkbox, Group, Stack, Text, Title } from '@mantine/core';
import { IconCircleCheck, IconHandStop, IconUserCheck } from '@tabler/icons-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { Meeting } from '../../../shared/api/meetings';
import { announce } from '../../lib/announce';
import { useAction } from '../../lib/use-form-submit';
import { useSessionStore } from '../../store/session-store';
import { useCheckIn } from './queries';

/**
 * While the meeting is on: the member's "I'm here" (and the way to take it back), and who is here. A
 * moderator checks in others, or checks them out: each member who answered or is here, with a checkbox.
 */
export function CheckInCard({ meeting, isModerator }: { meeting: Meeting; isModerator: boolean }) {
  const { t } = useTranslation('meetings');
  const userId = useSessionStore((s) => s.myProfile?.userId);
  const checkIn = useCheckIn(meeting.meetingId).mutateAsync;
  const mine = useAction({ failureKey: 'meetings:toast.checkInFailed' });
  const here = !!userId && meeting.checkedIn.includes(userId);
  const nameOf = new Map(meeting.responders.map((member) => [member.userId, member.name]));
  const names = meeting.checkedIn.map((id) => nameOf.get(id) ?? '');

  async function toggleMine() {
    const done = await mine.run(() => checkIn({ checkedIn: !here }));
    if (done) announce(here ? t('checkIn.undone') : t('checkIn.done'));
  }

  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="check-in-title" data-testid="check-in">
      <Group gap="xs" mb="sm" wrap="nowrap">
        <IconUserCheck size={20} color="var(--bookclub-color-accent)" aria-hidden style={{ flexShrink: 0 }} />
        <Title order={2} size="h4" id="check-in-title">
          {t('checkIn.title')}
        </Title>
      </Group>
      <Stack gap="sm">
        {here ? (
          <Group justify="space-between" gap="sm" data-testid="checked-in">
            <Group gap={6} wrap="nowrap">
              <IconCircleCheck size={22} color="var(--mantine-color-success)" aria-hidden style={{ flexShrink: 0 }} />
              <Text fw={600}>{t('checkIn.youAreHere')}</Text>
            </Group>
            <Button variant="subtle" size="sm" loading={mine.busy} onClick={() => void toggleMine()} data-testid="check-out">
              {t('checkIn.undo')}
            </Button>
          </Group>
        ) : (
          <Button
            size="xl"
            fullWidth
            leftSection={<IconHandStop size={24} aria-hidden />}
            loading={mine.busy}
            onClick={() => void toggleMine()}
            data-testid="check-in-button"
          >
            {t('checkIn.button')}
          </Button>
        )}
        <Text size="sm" data-testid="checked-in-names">
          <Text span fw={600} size="sm">
            {t('checkIn.here', { count: names.length })}
          </Text>
          {names.length > 0 && ` ${names.join(', ')}`}
        </Text>
        {isModerator && <OthersCheckIn meeting={meeting} />}
      </Stack>
    </Card>
  );
}

/** For moderators: everyone who answered or is here, each checked in or out with a checkbox. */
function OthersCheckIn({ meeting }: { meeting: Meeting }) {
  const { t } = useTranslation('meetings');
  const checkIn = useCheckIn(meeting.meetingId).mutateAsync;
  const action = useAction({ failureKey: 'meetings:toast.checkInFailed' });
  const here = new Set(meeting.checkedIn);
  const labelId = useId();
  const hintId = useId();
  const members = [...meeting.responders].sort((a, b) => a.name.localeCompare(b.name));
  if (members.length === 0) return null;
  return (
    <div role="group" aria-labelledby={labelId} aria-describedby={hintId} data-testid="check-in-others">
      <Text fw={600} size="sm" id={labelId}>
        {t('checkIn.others')}
      </Text>
      <Text size="xs" c="dimmed" id={hintId}>
        {t('checkIn.othersHint')}
      </Text>
      <Stack gap={6} mt={6}>
        {members.map((member) => (
          <Checkbox
            key={member.userId}
            label={member.name}
            checked={here.has(member.userId)}
            disabled={action.busy}
            onChange={(event) => void action.run(() => checkIn({ checkedIn: event.currentTarget.checked, userId: member.userId }))}
          />
        ))}
      </Stack>
    </div>
  );
}
