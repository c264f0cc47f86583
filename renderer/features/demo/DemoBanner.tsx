import { Anchor, Box, Container, Group, Text } from '@mantine/core';
import { IconFlask } from '@tabler/icons-react';
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import type { DemoClub, DemoRole } from '../../../shared/api/demo';
import { useSessionStore } from '../../store/session-store';
import { useDemoSignIn } from './use-demo-sign-in';

/**
 * On every page of the demo club (`demo`, from home): says that everything is made up and goes when the server stops, and lets a
 * signed-in visitor try the other roles. A labelled region at the top of the page's content, in the flow (it
 * never covers what is under it), in the theme's accent colours (WCAG AA in light and dark).
 */
export function DemoBanner({ demo }: { demo: DemoClub | null | undefined }) {
  const { t } = useTranslation('demo');
  const profile = useSessionStore((s) => s.myProfile);
  const { busyRole, signInAs } = useDemoSignIn();
  if (!demo) return null;
  const current: DemoRole | null = profile ? (profile.isAdmin ? 'admin' : profile.isModerator ? 'moderator' : 'member') : null;
  const others = current ? demo.accounts.filter((account) => account.role !== current) : [];
  return (
    <Box
      component="section"
      aria-label={t('banner.label')}
      data-testid="demo-banner"
      bg="var(--bookclub-color-accent-surface)"
      py="xs"
      style={{ borderBottom: '1px solid var(--bookclub-color-accent-border)' }}
    >
      <Container size="lg">
        <Group gap="xs" wrap="nowrap" align="flex-start">
          <IconFlask size={20} aria-hidden style={{ flexShrink: 0, marginTop: 2 }} color="var(--bookclub-color-accent)" />
          <Text size="sm">
            <Text span fw={700} size="sm">
              {t('banner.title')}
            </Text>{' '}
            {t('banner.text')}
            {others.length > 0 && (
              <>
                {' '}
                {t('banner.switch')}{' '}
                {others.map(({ role }, i) => (
                  <Fragment key={role}>
                    {i > 0 && ` ${t('banner.or')} `}
                    <Anchor
                      component="button"
                      type="button"
                      size="sm"
                      fw={600}
                      underline="always"
                      disabled={busyRole !== null}
                      onClick={() => void signInAs(role)}
                      data-testid={`demo-switch-${role}`}
                    >
                      {t(`banner.role.${role}`)}
                    </Anchor>
                  </Fragment>
                ))}
                .
              </>
            )}
          </Text>
        </Group>
      </Container>
    </Box>
  );
}
