import { Group, Stack, Title } from '@mantine/core';
import { IconStars } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { Profile } from '../../../shared/api/accounts';
import { MemberReviews } from '../reviews';

/** The member's reviews on their profile, as the reviews feature shows them (each with its book). */
export function ProfileReviews({ profile }: { profile: Profile }) {
  const { t } = useTranslation('users');
  return (
    <Stack gap="sm" component="section" aria-labelledby="member-reviews-title" data-testid="member-reviews">
      <Group gap="xs">
        <IconStars size={20} color="var(--mantine-color-burgundy-6)" aria-hidden />
        <Title order={2} size="h4" id="member-reviews-title">
          {t('reviews.title')}
        </Title>
      </Group>
      <MemberReviews userId={profile.userId} emptyText={t('reviews.none')} />
    </Stack>
  );
}
