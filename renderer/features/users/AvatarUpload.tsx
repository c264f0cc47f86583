import { Button, FileButton, Group, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertCircle, IconUpload } from '@tabler/icons-react';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { Profile } from '../../../shared/api/accounts';
import { notifySuccess } from '../../lib/notify';
import { useFormSubmit } from '../../lib/use-form-submit';
import { useSessionStore } from '../../store/session-store';
import { UserAvatar } from './UserAvatar';
import { AVATAR_TYPES, avatarFileProblem } from './avatar-file';
import { useUploadAvatar } from './queries';

/** The member's own picture: choose an image, the server crops it to 100 x 100, and it shows at once. */
export function AvatarUpload({ profile }: { profile: Profile }) {
  const { t } = useTranslation('users');
  const uploadAvatar = useUploadAvatar().mutateAsync;
  const profileChanged = useSessionStore((s) => s.profileChanged);
  const form = useForm<{ avatar: File | null }>({
    initialValues: { avatar: null },
    validate: {
      avatar(file) {
        const problem = file && avatarFileProblem(file);
        return problem ? t(problem) : null;
      },
    },
  });
  const { submit, busy, formError } = useFormSubmit(form, {
    async action({ avatar }) {
      if (!avatar) return;
      profileChanged(await uploadAvatar(avatar));
      notifySuccess(t('avatar.uploaded'));
    },
  });
  const error = form.errors.avatar ?? formError;
  // Cleared after each try, so choosing the same file again (after fixing it) is noticed.
  const resetRef = useRef<() => void>(null);

  function upload(file: File | null) {
    if (!file) return;
    form.setFieldValue('avatar', file);
    void submit().finally(() => resetRef.current?.());
  }

  return (
    <Group gap="lg" wrap="nowrap" align="center" data-testid="avatar-upload">
      <UserAvatar profile={profile} size={100} />
      <Stack gap={6} style={{ minWidth: 0 }}>
        <Text fw={600} size="sm">
          {t('avatar.label')}
        </Text>
        <Text size="xs" c="dimmed">
          {t('avatar.hint')}
        </Text>
        <FileButton
          onChange={upload}
          resetRef={resetRef}
          accept={AVATAR_TYPES.join(',')}
          disabled={busy}
          inputProps={{ 'aria-label': t('avatar.choose'), name: 'avatar' }}
        >
          {(props) => (
            <Button
              {...props}
              aria-describedby={error ? 'avatar-error' : undefined}
              variant="light"
              size="xs"
              leftSection={<IconUpload size={14} />}
              loading={busy}
              w="fit-content"
            >
              {profile.avatarUrl ? t('avatar.replace') : t('avatar.choose')}
            </Button>
          )}
        </FileButton>
        {error && (
          <Group gap={6} wrap="nowrap" c="var(--mantine-color-error)" role="alert" id="avatar-error" data-testid="avatar-error">
            <IconAlertCircle size={16} style={{ flexShrink: 0 }} />
            <Text size="sm">{error}</Text>
          </Group>
        )}
      </Stack>
    </Group>
  );
}
