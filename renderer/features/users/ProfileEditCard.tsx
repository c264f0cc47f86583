import { Button, Card, Divider, Group, SimpleGrid, Stack, Switch, Text, TextInput, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconBookmarks, IconPhone } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { Profile } from '../../../shared/api/accounts';
import { PageTitle } from '../../components/PageTitle';
import { notifySuccess } from '../../lib/notify';
import { useFormSubmit } from '../../lib/use-form-submit';
import { useSessionStore } from '../../store/session-store';
import { MarkdownPreview } from '../discussions';
import { AvatarUpload } from './AvatarUpload';
import { profileChecks, profileFormValues } from './profile-form';
import { useUpdateProfile } from './queries';
import { displayName, profilePath } from './selectors';

interface ProfileEditCardProps {
  profile: Profile;
  own: boolean;
  asModerator: boolean;
  toggle: ReactNode;
}

/**
 * The profile's edit form: name, phone, Goodreads or StoryGraph link, bio in markdown with a preview; the
 * owner's picture; for moderators whether the member takes part. A refused save keeps what was typed.
 */
export function ProfileEditCard({ profile, own, asModerator, toggle }: ProfileEditCardProps) {
  const { t } = useTranslation('users');
  const navigate = useNavigate();
  const update = useUpdateProfile().mutateAsync;
  const profileChanged = useSessionStore((s) => s.profileChanged);
  const form = useForm({ initialValues: profileFormValues(profile), ...profileChecks(asModerator, t) });
  const { onSubmit, busy } = useFormSubmit(form, {
    async action(changes) {
      const saved = await update({ email: profile.email, fields: changes });
      profileChanged(saved);
      notifySuccess(t('toast.updated'));
      navigate(profilePath(saved));
    },
    failureKey: 'users:toast.updateFailed',
  });
  const name = displayName(profile);

  return (
    <Card withBorder shadow="sm" padding="lg" pos="relative" data-testid="profile-edit">
      <div style={{ position: 'absolute', top: 12, right: 12, zIndex: 1 }}>{toggle}</div>
      <div style={{ paddingRight: 44 }}>
        <PageTitle documentTitle={t('edit.documentTitle', { name })}>{own ? t('edit.titleOwn') : t('edit.title', { name })}</PageTitle>
        <Text size="sm" c="dimmed" mt={-8} mb="md">
          {t('edit.mandatoryNote')}
        </Text>
      </div>

      {own && (
        <>
          <AvatarUpload profile={profile} />
          <Divider my="lg" />
        </>
      )}

      <form onSubmit={onSubmit} noValidate aria-label={t('edit.formLabel')} data-testid="profile-form">
        <Stack gap="sm">
          <TextInput label={t('edit.name')} required autoComplete={own ? 'name' : 'off'} {...form.getInputProps('name')} name="name" />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <TextInput
              type="tel"
              label={t('edit.phone')}
              placeholder="+421 900 123 456"
              leftSection={<IconPhone size={16} />}
              autoComplete={own ? 'tel' : 'off'}
              {...form.getInputProps('phone')}
              name="phone"
            />
            <TextInput
              type="url"
              label={t('edit.goodreadsUrl')}
              placeholder="https://www.goodreads.com/user/show/…"
              leftSection={<IconBookmarks size={16} />}
              {...form.getInputProps('goodreadsUrl')}
              name="goodreadsUrl"
            />
          </SimpleGrid>
          <Textarea
            label={t('edit.aboutMe')}
            description={t('edit.aboutMeHint')}
            autosize
            minRows={4}
            maxRows={14}
            {...form.getInputProps('aboutMe')}
            name="aboutMe"
          />
          <MarkdownPreview text={form.values.aboutMe} />
          {asModerator && (
            <Switch
              mt="xs"
              label={t('edit.active')}
              description={t('edit.activeHint')}
              {...form.getInputProps('isActiveParticipant', { type: 'checkbox' })}
              name="isActiveParticipant"
            />
          )}
          <Group gap="sm" mt="sm">
            <Button type="submit" loading={busy}>
              {t('edit.save')}
            </Button>
            <Button variant="default" onClick={() => navigate(profilePath(profile))} disabled={busy}>
              {t('edit.cancel')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
