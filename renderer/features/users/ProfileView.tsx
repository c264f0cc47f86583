import { Anchor, Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconBookmarks, IconMail, IconPencil, IconPhone, IconShieldCheck, IconUserOff, IconUserPause } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { Profile } from '../../../shared/api/accounts';
import { PageTitle } from '../../components/PageTitle';
import { RenderedHtml } from '../../components/RenderedHtml';
import { UserAvatar } from './UserAvatar';
import { displayName, isModerator, profilePath } from './selectors';
import { telLink } from './tel-link';

/** A profile as members read it: picture, name, role, how to reach them, their reading profile, and bio. */
export function ProfileView({ profile, own, toggle }: { profile: Profile; own: boolean; toggle: ReactNode }) {
  const { t } = useTranslation('users');
  const name = displayName(profile);
  return (
    <>
      <Card withBorder shadow="sm" padding="lg" pos="relative" data-testid="profile-view">
        {toggle && <div style={{ position: 'absolute', top: 12, right: 12, zIndex: 1 }}>{toggle}</div>}
        <Group wrap="nowrap" align="center" gap="lg">
          <UserAvatar profile={profile} size={100} />
          <Stack gap={6} style={{ minWidth: 0, flex: 1 }} pr={toggle ? 40 : 0}>
            <PageTitle documentTitle={name}>
              <span style={{ overflowWrap: 'anywhere' }}>{name}</span>
            </PageTitle>
            <Group gap="xs" mt={-10}>
              {profile.isAdmin ? (
                <Badge variant="filled" radius="sm" leftSection={<IconShieldCheck size={12} />} data-testid="moderator-badge">
                  {t('admin')}
                </Badge>
              ) : (
                profile.isModerator && (
                  <Badge variant="light" radius="sm" leftSection={<IconShieldCheck size={12} />} data-testid="moderator-badge">
                    {t('moderator')}
                  </Badge>
                )
              )}
              {profile.isDisabled && (
                <Badge variant="light" color="red" radius="sm" leftSection={<IconUserOff size={12} />} data-testid="disabled-badge">
                  {t('disabled')}
                </Badge>
              )}
              {!profile.isActiveParticipant && (
                <Badge variant="light" color="gray" radius="sm" leftSection={<IconUserPause size={12} />}>
                  {t('inactive')}
                </Badge>
              )}
              {own && !isModerator(profile) && profile.isActiveParticipant && (
                <Badge variant="light" color="teal" radius="sm">
                  {t('profile.you')}
                </Badge>
              )}
            </Group>
          </Stack>
        </Group>
        <Group gap="lg" mt="md" style={{ rowGap: 6 }} data-testid="profile-contact">
          <ContactLink icon={<IconMail size={16} />} href={`mailto:${profile.email}`} label={profile.email} />
          {profile.phone && <ContactLink icon={<IconPhone size={16} />} href={telLink(profile.phone)} label={profile.phone} testId="profile-phone" />}
          {profile.goodreadsUrl && (
            <ContactLink
              icon={<IconBookmarks size={16} />}
              href={profile.goodreadsUrl}
              label={profile.externalProfileSystem === 'Storygraph' ? t('profile.storygraph') : t('profile.goodreads')}
              external
              testId="profile-reading-link"
            />
          )}
        </Group>
      </Card>

      <Card withBorder padding="lg" component="section" aria-labelledby="about-title">
        <Title order={2} size="h4" mb="sm" id="about-title">
          {t('profile.about')}
        </Title>
        {profile.aboutMeHtml ? (
          <RenderedHtml html={profile.aboutMeHtml} testId="profile-bio" />
        ) : own ? (
          <Stack gap="xs" align="flex-start">
            <Text c="dimmed">{t('profile.noBioOwn')}</Text>
            <Button component={Link} to={profilePath(profile, 'edit')} variant="light" size="xs" leftSection={<IconPencil size={14} />}>
              {t('profile.addBio')}
            </Button>
          </Stack>
        ) : (
          <Text c="dimmed">{t('profile.noBio', { name })}</Text>
        )}
      </Card>
    </>
  );
}

function ContactLink(props: { icon: ReactNode; href: string | null; label: string; external?: boolean; testId?: string }) {
  if (props.href === null) {
    return (
      <Group gap={6} wrap="nowrap" fz="sm" data-testid={props.testId} style={{ overflowWrap: 'anywhere' }}>
        <span style={{ color: 'var(--bookclub-color-accent)', display: 'inline-flex' }}>{props.icon}</span>
        {props.label}
      </Group>
    );
  }
  return (
    <Anchor
      href={props.href}
      size="sm"
      c="var(--mantine-color-text)"
      data-testid={props.testId}
      {...(props.external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
      style={{ overflowWrap: 'anywhere' }}
    >
      <Group gap={6} component="span" wrap="nowrap">
        <span style={{ color: 'var(--bookclub-color-accent)', display: 'inline-flex' }}>{props.icon}</span>
        {props.label}
      </Group>
    </Anchor>
  );
}
