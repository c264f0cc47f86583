import { Button, Group, Stack, Text } from '@mantine/core';
import { IconShieldCheck, IconUser, IconUserStar } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { DemoClub, DemoRole } from '../../../shared/api/demo';
import { useDemoSignIn } from './use-demo-sign-in';

const ICONS: Record<DemoRole, typeof IconUser> = { member: IconUser, moderator: IconUserStar, admin: IconShieldCheck };

/**
 * In the demo club (`demo`, from home): one button per made-up account (a member, a moderator, the admin),
 * each signing in at once. Nothing in a real club, whose home says no demo.
 */
export function DemoSignIn({ demo, size = 'md' }: { demo: DemoClub | null | undefined; size?: 'sm' | 'md' }) {
  const { t } = useTranslation('demo');
  const { busyRole, signInAs } = useDemoSignIn();
  if (!demo) return null;
  return (
    <Stack gap="xs" data-testid="demo-sign-in">
      <Text fw={600} id="demo-sign-in-label">
        {t('signIn.title')}
      </Text>
      <Group gap="sm" role="group" aria-labelledby="demo-sign-in-label">
        {demo.accounts.map(({ role, name }) => {
          const Icon = ICONS[role];
          return (
            <Button
              key={role}
              size={size}
              variant={role === 'member' ? 'filled' : 'light'}
              leftSection={<Icon size={18} aria-hidden />}
              loading={busyRole === role}
              disabled={busyRole !== null && busyRole !== role}
              onClick={() => void signInAs(role)}
              data-testid={`demo-sign-in-${role}`}
            >
              {t(`signIn.as.${role}`, { name })}
            </Button>
          );
        })}
      </Group>
      <Text size="sm" c="dimmed">
        {t('signIn.noPassword')}
      </Text>
    </Stack>
  );
}
