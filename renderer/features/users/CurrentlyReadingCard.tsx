import { ActionIcon, Button, Card, Group, Stack, Text, TextInput, ThemeIcon, Title, Tooltip } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconBook, IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { Profile } from '../../../shared/api/accounts';
import { currentlyReadingSchema, type CurrentlyReading } from '../../../shared/api/users';
import { schemaChecks } from '../../lib/form-errors';
import { notifySuccess } from '../../lib/notify';
import { useAction, useFormSubmit } from '../../lib/use-form-submit';
import { useAddReading, useRemoveReading } from './queries';
import { displayName } from './selectors';

interface CurrentlyReadingCardProps {
  profile: Profile;
  reading: CurrentlyReading[];
  /** The member's own profile in edit mode: entries can be added and removed. */
  manage: boolean;
}

/** What a member is reading now; on their own profile they keep the list (it feeds the member list). */
export function CurrentlyReadingCard({ profile, reading, manage }: CurrentlyReadingCardProps) {
  const { t } = useTranslation('users');
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="reading-title" data-testid="currently-reading">
      <Group gap="xs" mb="sm">
        <IconBook size={20} color="var(--mantine-color-burgundy-6)" aria-hidden />
        <Title order={2} size="h4" id="reading-title">
          {t('reading.title')}
        </Title>
      </Group>
      {reading.length === 0 ? (
        <Text size="sm" c="dimmed">
          {manage ? t('reading.noneOwn') : t('reading.none', { name: displayName(profile) })}
        </Text>
      ) : (
        <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {reading.map((entry) => (
            // A book from the linked shelf goes when it leaves the shelf, not from here.
            <ReadingRow key={entry.entryId} entry={entry} removable={manage && !entry.fromShelf} />
          ))}
        </Stack>
      )}
      {manage && <AddReadingForm />}
    </Card>
  );
}

function ReadingRow({ entry, removable }: { entry: CurrentlyReading; removable: boolean }) {
  const { t } = useTranslation('users');
  const removeReading = useRemoveReading().mutateAsync;
  const { run, busy } = useAction();
  const label = t('reading.remove', { title: entry.title });

  function remove() {
    void run(async () => {
      await removeReading(entry);
      notifySuccess(t('reading.removed', { title: entry.title }));
    });
  }

  return (
    <Group component="li" wrap="nowrap" gap="sm" align="flex-start" data-testid="reading-entry">
      <ThemeIcon size={26} radius="sm" variant="light" mt={2}>
        <IconBook size={16} />
      </ThemeIcon>
      <div style={{ minWidth: 0, flex: 1 }}>
        <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
          {entry.title}
        </Text>
        {(entry.author || entry.fromShelf) && (
          <Text size="xs" c="dimmed">
            {entry.author}
            {entry.fromShelf &&
              `${entry.author ? ' · ' : ''}${t('reading.fromShelf', { site: entry.fromShelf === 'Storygraph' ? 'StoryGraph' : entry.fromShelf })}`}
          </Text>
        )}
      </div>
      {removable && (
        <Tooltip label={label} withArrow>
          <ActionIcon variant="subtle" color="gray" onClick={remove} loading={busy} aria-label={label}>
            <IconTrash size={16} />
          </ActionIcon>
        </Tooltip>
      )}
    </Group>
  );
}

function AddReadingForm() {
  const { t } = useTranslation('users');
  const addReading = useAddReading().mutateAsync;
  const form = useForm({ initialValues: { title: '', author: '' }, ...schemaChecks(currentlyReadingSchema, t) });
  const { onSubmit, busy } = useFormSubmit(form, {
    async action(entry) {
      await addReading(entry);
      notifySuccess(t('reading.added', { title: entry.title }));
      form.reset();
    },
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-label={t('reading.addTitle')} data-testid="add-reading">
      <Stack gap="xs" mt="md" pt="md" style={{ borderTop: '1px solid var(--bookclub-color-divider)' }}>
        <Text size="sm" fw={600}>
          {t('reading.addTitle')}
        </Text>
        <TextInput label={t('reading.bookTitle')} required size="sm" {...form.getInputProps('title')} name="readingTitle" />
        <TextInput label={t('reading.author')} size="sm" {...form.getInputProps('author')} name="readingAuthor" />
        <Button type="submit" variant="light" size="xs" leftSection={<IconPlus size={14} />} loading={busy} w="fit-content">
          {t('reading.add')}
        </Button>
      </Stack>
    </form>
  );
}
