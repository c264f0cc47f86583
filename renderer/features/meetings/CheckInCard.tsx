import { Button, Card, Checkbox, CloseButton, Group, Loader, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconCircleCheck, IconHandStop, IconSearch, IconUserCheck } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Meeting } from '../../../shared/api/meetings';
import { announce } from '../../lib/announce';
import { useAction } from '../../lib/use-form-submit';
import { useSessionStore } from '../../store/session-store';
import { useCheckIn, useMembersMatching } from './queries';

/** After a pause in typing the search for a member to check in asks the club. */
const SEARCH_PAUSE_MS = 300;

/**
 * While the meeting is on: the member's "I'm here" (and the way to take it back), and who is here. A
 * moderator checks in others, or checks them out: each member who answered or is here, with a checkbox,
 * and anyone else found by name.
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

/** For moderators: everyone who answered or is here, and members found by name, each checked in or out with a checkbox. */
function OthersCheckIn({ meeting }: { meeting: Meeting }) {
  const { t } = useTranslation('meetings');
  const checkIn = useCheckIn(meeting.meetingId).mutateAsync;
  const action = useAction({ failureKey: 'meetings:toast.checkInFailed' });
  const [typed, setTyped] = useState('');
  const [search] = useDebouncedValue(typed.trim(), SEARCH_PAUSE_MS);
  const matching = useMembersMatching(search);
  const here = new Set(meeting.checkedIn);
  const labelId = useId();
  const hintId = useId();
  const known = new Set(meeting.responders.map((member) => member.userId));
  const members = [...meeting.responders].sort((a, b) => a.name.localeCompare(b.name));
  const found = search ? (matching.data?.users ?? []).filter((user) => !known.has(user.userId)).map(({ userId, name }) => ({ userId, name })) : [];
  const busy = typed.trim() !== search || matching.isFetching;
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
        <TextInput
          type="search"
          size="sm"
          mt={members.length ? 'xs' : 0}
          label={t('checkIn.find')}
          placeholder={t('checkIn.findPlaceholder')}
          leftSection={<IconSearch size={16} aria-hidden />}
          rightSection={
            busy && search ? (
              <Loader size="xs" role="status" aria-label={t('checkIn.finding')} />
            ) : typed ? (
              <CloseButton size="sm" aria-label={t('checkIn.clearFind')} onClick={() => setTyped('')} />
            ) : null
          }
          value={typed}
          onChange={(event) => setTyped(event.currentTarget.value)}
          maxLength={100}
          autoComplete="off"
          data-testid="check-in-find"
        />
        {found.map((member) => (
          <Checkbox
            key={member.userId}
            label={member.name}
            checked={here.has(member.userId)}
            disabled={action.busy}
            data-testid="check-in-found"
            onChange={(event) => void action.run(() => checkIn({ checkedIn: event.currentTarget.checked, userId: member.userId }))}
          />
        ))}
        {search && !busy && matching.isSuccess && found.length === 0 && (
          <Text size="xs" c="dimmed" aria-live="polite">
            {matching.data.users.length ? t('checkIn.allListed') : t('checkIn.noMatch', { query: search })}
          </Text>
        )}
      </Stack>
    </div>
  );
}
