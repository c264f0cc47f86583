import { Anchor, Badge, Box, Card, Group, List, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconBook, IconShieldCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { UserPageEntry } from '../../../shared/api/users';
import { RenderedHtml } from '../../components/RenderedHtml';
import { UserAvatar } from './UserAvatar';
import { displayName, isModerator, profilePath, readingPreview } from './selectors';

// A long bio is cut after a few lines; the whole of it is on the profile.
const BIO_CLAMP = { display: '-webkit-box', WebkitLineClamp: 5, WebkitBoxOrient: 'vertical', overflow: 'hidden' } as const;

/** A member in the list: picture, name (to the profile), moderator marker, bio, and what they are reading. */
export function UserCard({ user }: { user: UserPageEntry }) {
  const { t } = useTranslation('users');
  const name = displayName(user);
  const { shown, more } = readingPreview(user.currentlyReading, user.currentlyReadingCount);
  const href = profilePath(user);
  return (
    <Card withBorder shadow="xs" padding="lg" h="100%" component="article" aria-label={name} data-testid="user-card">
      <Stack gap="md" h="100%">
        <Group wrap="nowrap" gap="md">
          <Anchor component={Link} to={href} aria-hidden tabIndex={-1}>
            <UserAvatar profile={user} size={64} />
          </Anchor>
          <Stack gap={4} style={{ minWidth: 0 }}>
            <Anchor component={Link} to={href} fw={700} size="lg" c="bright" ff="heading" style={{ overflowWrap: 'anywhere' }}>
              {name}
            </Anchor>
            {isModerator(user) && (
              <Group gap={4}>
                <Badge size="sm" variant="light" radius="sm" leftSection={<IconShieldCheck size={12} />} data-testid="moderator-marker">
                  {t('moderator')}
                </Badge>
              </Group>
            )}
          </Stack>
        </Group>

        {user.aboutMeHtml ? (
          <Box fz="sm" style={BIO_CLAMP} data-testid="user-bio">
            <RenderedHtml html={user.aboutMeHtml} />
          </Box>
        ) : (
          <Text size="sm" c="dimmed" fs="italic">
            {t('list.noBio')}
          </Text>
        )}

        <Box mt="auto" pt="sm" style={{ borderTop: '1px solid var(--bookclub-color-divider)' }} data-testid="user-reading">
          <Text size="xs" fw={700} tt="uppercase" c="dimmed" mb={6}>
            {t('reading.title')}
          </Text>
          {shown.length === 0 ? (
            <Text size="sm" c="dimmed">
              {t('reading.nothing')}
            </Text>
          ) : (
            <List
              spacing={4}
              size="sm"
              icon={
                <ThemeIcon size={18} radius="xl" variant="light">
                  <IconBook size={12} />
                </ThemeIcon>
              }
            >
              {shown.map((entry) => (
                <List.Item key={entry.entryId}>
                  <Text span size="sm" fw={600}>
                    {entry.title}
                  </Text>
                  {entry.author && (
                    <Text span size="sm" c="dimmed">
                      {' '}
                      · {entry.author}
                    </Text>
                  )}
                </List.Item>
              ))}
            </List>
          )}
          {more > 0 && (
            <Anchor component={Link} to={href} size="sm" mt={6} display="inline-block" data-testid="reading-more">
              {t('reading.andMore', { count: more })}
            </Anchor>
          )}
        </Box>
      </Stack>
    </Card>
  );
}
