import { Button, Group, Text } from '@mantine/core';
import { IconLogin2, IconLogout, IconUserCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { pages } from '../../../shared/pages';
import { useSessionStore } from '../../store/session-store';
import { useLoginForm } from './login-form.store';
import { logout } from './session';

/** In the header: Login (reveals the inline form) for visitors; Me and Logout for members. */
export function LoginControl() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const profile = useSessionStore((s) => s.myProfile);
  const token = useSessionStore((s) => s.token);
  const form = useLoginForm();

  if (token && profile) {
    return (
      <Group gap={4} wrap="nowrap">
        <Button component={Link} to={pages.member(profile.email)} variant="subtle" color="dark" px="xs" aria-label={t('nav.me')}>
          <IconUserCircle size={18} />
          {/* On a phone the icon alone too: the club's name needs the room more than the word. */}
          <Text span inherit ml={6} visibleFrom="sm">
            {t('nav.me')}
          </Text>
        </Button>
        <Button
          variant="default"
          px="xs"
          aria-label={t('nav.logout')}
          onClick={() => {
            logout();
            form.cancel();
            navigate(pages.home());
          }}
        >
          <IconLogout size={18} />
          {/* On a phone the icon alone, so the club's name keeps its room. */}
          <Text span inherit ml={6} visibleFrom="sm">
            {t('nav.logout')}
          </Text>
        </Button>
      </Group>
    );
  }
  return (
    <Button
      leftSection={<IconLogin2 size={18} />}
      variant={form.open ? 'light' : 'filled'}
      onClick={form.toggle}
      aria-expanded={form.open}
      aria-controls="login-panel"
      data-testid="login-toggle"
    >
      {t('nav.login')}
    </Button>
  );
}
