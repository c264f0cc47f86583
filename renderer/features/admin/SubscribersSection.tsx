import { Badge, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconNews } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { NEWSLETTERS } from '../../../shared/api/newsletters';
import { useSubscribers } from '../newsletters';
import { displayName } from '../users';
import { AdminSection } from './AdminSection';

/** Who gets each newsletter; members change their own subscriptions on their profile. */
export function SubscribersSection() {
  const { t } = useTranslation('admin');
  const subscribers = useSubscribers().data;
  return (
    <AdminSection id="admin-subscribers" icon={<IconNews size={20} />} title={t('subscribers.title')} hint={t('subscribers.hint')}>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 1, lg: 2 }} spacing="md">
        {NEWSLETTERS.map((list) => {
          const people = subscribers?.[list] ?? [];
          return (
            <Stack key={list} gap={6} data-testid={`subscribers-${list}`}>
              <Group gap="xs" wrap="nowrap">
                <Text fw={600} size="sm">
                  {t(`subscribers.${list}`)}
                </Text>
                <Badge size="sm" variant="light" color="gray" radius="sm">
                  {people.length}
                </Badge>
              </Group>
              <Text size="xs" c="dimmed" ff="monospace">
                {list}
              </Text>
              {people.length === 0 ? (
                <Text size="sm" c="dimmed">
                  {t('subscribers.nobody')}
                </Text>
              ) : (
                <Stack gap={2} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
                  {people.map((person) => (
                    <Text key={person.userId} component="li" size="sm" title={person.email} style={{ overflowWrap: 'anywhere' }}>
                      {displayName(person)}
                    </Text>
                  ))}
                </Stack>
              )}
            </Stack>
          );
        })}
      </SimpleGrid>
    </AdminSection>
  );
}
