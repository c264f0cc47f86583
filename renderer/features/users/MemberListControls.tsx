import { CloseButton, Loader, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { USER_SEARCH_MAX_LENGTH } from '../../../shared/api/users';
import { ShowMore } from '../../components/ShowMore';
import type { useMemberPages } from './queries';

/** How long typing pauses before the list is searched. */
export const MEMBER_SEARCH_PAUSE_MS = 300;

/** The search over a member list (name or email); Enter searches at once, the clear button empties it. */
export function MemberSearchField(props: { value: string; onChange(value: string): void; onSubmit(): void; busy: boolean; testId: string }) {
  const { t } = useTranslation('users');
  const { value, onChange, onSubmit, busy, testId } = props;
  return (
    <form
      role="search"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      <TextInput
        type="search"
        label={t('list.searchLabel')}
        placeholder={t('list.searchPlaceholder')}
        leftSection={<IconSearch size={16} aria-hidden />}
        rightSection={
          busy ? (
            <Loader size="xs" role="status" aria-label={t('list.searching')} />
          ) : value ? (
            <CloseButton size="sm" aria-label={t('list.clearSearch')} onClick={() => onChange('')} />
          ) : null
        }
        maxLength={USER_SEARCH_MAX_LENGTH}
        value={value}
        onChange={(event) => onChange(event.currentTarget.value)}
        name="q"
        autoComplete="off"
        maw={420}
        data-testid={testId}
      />
    </form>
  );
}

/**
 * Below a member list read a page at a time (useMemberPages) with more to show: how many of how many it
 * shows, and a button for the next page. Nothing while the list is not read yet or a new search is on its way.
 */
export function MoreMembers({ members }: { members: ReturnType<typeof useMemberPages> }) {
  const { t } = useTranslation('users');
  const { data, isPlaceholderData, hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage } = members;
  const onMore = useCallback(() => void fetchNextPage(), [fetchNextPage]);
  // Everything shown: the list says nothing more (the search's count, or the page's intro, says how many).
  if (!data || isPlaceholderData || (!hasNextPage && !isFetchNextPageError)) return null;
  const shown = data.pages.reduce((sum, page) => sum + page.users.length, 0);
  const total = data.pages.at(-1)?.total ?? 0;
  return (
    <ShowMore
      status={isFetchNextPageError ? t('list.moreFailed') : t('list.shown', { shown, total })}
      label={t('list.more')}
      loading={isFetchingNextPage}
      onMore={onMore}
    />
  );
}
