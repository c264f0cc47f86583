import { Alert, Anchor, Button, Card, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconBooks, IconLink, IconRefresh } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { Profile } from '../../../shared/api/accounts';
import { parseShelfProfileUrl, shelfLinkSchema, type Shelves } from '../../../shared/api/shelves';
import { mayChange } from '../../../shared/rules';
import { ConfirmButton } from '../../components/ConfirmButton';
import { formatDate } from '../../lib/format-date';
import { schemaChecks } from '../../lib/form-errors';
import { notifySuccess } from '../../lib/notify';
import { useAction, useFormSubmit } from '../../lib/use-form-submit';
import { useSessionStore } from '../../store/session-store';
import { useLinkShelves, useShelves, useSyncShelves, useUnlinkShelves } from './queries';
import { ShelfList } from './ShelfList';

const siteName = (site: Shelves['link'] extends infer L ? (L extends { site: infer S } ? S : never) : never) => (site === 'Storygraph' ? 'StoryGraph' : site);

/**
 * A member's Goodreads or StoryGraph shelves on their profile: what they are reading and what they read, as
 * the club last read them. The member links or unlinks their own profile here; a moderator may read it again
 * or unlink it. Nothing shows on another member's profile until they link one.
 */
export function ShelvesCard({ profile }: { profile: Profile }) {
  const { t } = useTranslation('shelves');
  const me = useSessionStore((s) => s.myProfile);
  const { data: shelves } = useShelves(profile.userId);
  if (!shelves || !me) return null;
  const own = me.userId === profile.userId;
  const manage = mayChange({ userId: me.userId, isModerator: me.isModerator, isAdmin: me.isAdmin }, profile.userId);
  const hasBooks = shelves.currentlyReading.length + shelves.readCount > 0;
  if (!shelves.link && !hasBooks && !own) return null;

  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="shelves-title" data-testid="shelves">
      <Group gap="xs" mb="sm" wrap="nowrap">
        <IconBooks size={20} color="var(--bookclub-color-accent)" aria-hidden style={{ flexShrink: 0 }} />
        <Title order={2} size="h4" id="shelves-title">
          {t('title')}
        </Title>
      </Group>
      <Stack gap="md">
        {shelves.link ? <LinkStatus shelves={shelves} manage={manage} /> : own && <LinkForm profile={profile} />}
        {(shelves.link || hasBooks) && (
          <>
            <ShelfList
              id="shelf-currently-reading"
              title={t('currentlyReading')}
              books={shelves.currentlyReading}
              count={shelves.currentlyReading.length}
              empty={t('noneReading')}
            />
            <ShelfList id="shelf-read" title={t('read')} books={shelves.read} count={shelves.readCount} empty={t('noneRead')} />
          </>
        )}
        {!shelves.link && hasBooks && manage && <UnlinkButton userId={profile.userId} label={t('removeBooks')} />}
      </Stack>
    </Card>
  );
}

function LinkStatus({ shelves, manage }: { shelves: Shelves; manage: boolean }) {
  const { t } = useTranslation('shelves');
  const sync = useSyncShelves().mutateAsync;
  const { run, busy } = useAction();
  const link = shelves.link!;
  const site = siteName(link.site);
  return (
    <Stack gap="xs" data-testid="shelves-link">
      <Text size="sm">
        {t('linkedTo', { site })}{' '}
        <Anchor href={link.profileUrl} target="_blank" rel="noopener noreferrer" size="sm" style={{ overflowWrap: 'anywhere' }}>
          {link.profileUrl.replace(/^https:\/\//, '')}
        </Anchor>
      </Text>
      <Text size="xs" c="dimmed" data-testid="shelves-synced">
        {link.lastSyncedOn ? t('syncedOn', { date: formatDate(link.lastSyncedOn) }) : t('notSyncedYet')}
        {link.nextSyncOn ? ` · ${t('nextSync', { date: formatDate(link.nextSyncOn) })}` : ''}
      </Text>
      {link.lastError && (
        <Alert color="orange" variant="light" p="xs" title={t('lastFailed')} data-testid="shelves-error">
          <Text size="sm">{link.lastError}</Text>
        </Alert>
      )}
      {manage && (
        <Group gap="xs">
          <Button
            size="xs"
            variant="light"
            leftSection={<IconRefresh size={14} aria-hidden />}
            loading={busy}
            onClick={() =>
              void run(async () => {
                const after = await sync(shelves.userId);
                if (!after.link?.lastError) notifySuccess(t('synced'));
              })
            }
          >
            {t('syncNow')}
          </Button>
          <UnlinkButton userId={shelves.userId} label={t('unlink')} />
        </Group>
      )}
    </Stack>
  );
}

function UnlinkButton({ userId, label }: { userId: string; label: string }) {
  const { t } = useTranslation('shelves');
  const unlink = useUnlinkShelves().mutateAsync;
  return (
    <ConfirmButton
      size="xs"
      variant="subtle"
      color="red"
      title={t('unlinkConfirmTitle')}
      message={t('unlinkConfirm')}
      confirmLabel={label}
      confirmColor="red"
      focusAfter="#shelves-title"
      testId="shelves-unlink"
      onConfirm={async () => {
        await unlink(userId);
        notifySuccess(t('unlinked'));
      }}
    >
      {label}
    </ConfirmButton>
  );
}

function LinkForm({ profile }: { profile: Profile }) {
  const { t } = useTranslation('shelves');
  const link = useLinkShelves().mutateAsync;
  // The profile's own Goodreads or StoryGraph address, when it names a profile, is the likely one.
  const suggested = profile.goodreadsUrl && parseShelfProfileUrl(profile.goodreadsUrl) ? profile.goodreadsUrl : '';
  const form = useForm({ initialValues: { profileUrl: suggested }, ...schemaChecks(shelfLinkSchema, t) });
  const { onSubmit, busy } = useFormSubmit(form, {
    async action({ profileUrl }) {
      const shelves = await link({ userId: profile.userId, profileUrl });
      if (!shelves.link?.lastError) notifySuccess(t('linked'));
    },
  });
  return (
    <form onSubmit={onSubmit} noValidate aria-label={t('linkTitle')} data-testid="shelves-link-form">
      <Stack gap="xs">
        <Text size="sm" c="dimmed">
          {t('linkIntro')}
        </Text>
        <TextInput
          type="url"
          label={t('profileUrl')}
          placeholder="https://www.goodreads.com/user/show/12345-anna"
          required
          size="sm"
          {...form.getInputProps('profileUrl')}
          name="shelfProfileUrl"
        />
        <Button type="submit" size="xs" variant="light" leftSection={<IconLink size={14} aria-hidden />} loading={busy} w="fit-content">
          {t('link')}
        </Button>
      </Stack>
    </form>
  );
}
