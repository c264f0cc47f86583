import { Alert, Checkbox, CloseButton, Code, Group, Loader, Paper, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconAlertTriangle, IconSearch, IconZoomQuestion } from '@tabler/icons-react';
import { useEffect, type FormEvent } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { SEARCH_RESULT_LIMIT } from '../../../shared/api/search';
import { SEARCH_MIN_LENGTH } from '../../../shared/constants';
import { PageTitle } from '../../components/PageTitle';
import { ApiError } from '../../lib/api';
import { handleError } from '../../lib/notify';
import { useSearch } from './queries';
import { sameRequest, searchRequest } from './search-request';
import { SearchResultCard } from './SearchResultCard';
import { useSearchStore } from './search.store';

const TYPING_PAUSE_MS = 250;

/**
 * Search over suggestions and recommendations as the member types: from 3 characters, one search at a
 * time (a newer term supersedes an older one), results cleared below 3 characters (with a quiet hint, and
 * nothing sent). The server forgives what is still being typed (an unclosed quote, a half word, a stray
 * operator), so a search that fails is one it could not understand at all, or one that did not arrive.
 */
export function SearchPage() {
  const { t } = useTranslation('search');
  const term = useSearchStore((s) => s.term);
  const kinds = useSearchStore((s) => s.kinds);
  const searched = useSearchStore((s) => s.searched);
  const setTerm = useSearchStore((s) => s.setTerm);
  const setKinds = useSearchStore((s) => s.setKinds);
  const search = useSearchStore((s) => s.search);
  const { shown, results, status, error, retry } = useSearch(searched);
  const [typed] = useDebouncedValue(term, TYPING_PAUSE_MS);
  const request = searchRequest(term, kinds);
  const noKind = !kinds.Post && !kinds.Rec;

  // After a pause in typing, or at once when a kind is ticked.
  useEffect(() => search(), [typed, kinds, search]);

  // SPEC section 8: 'Wrong query or search error', with the server's reason. A query the server could not
  // understand (400) is said beside the box, where the member is typing, and changes as they type; a toast
  // for it would pile up one per pause. A search that failed otherwise (the network, the server) is a toast too.
  useEffect(() => {
    if (error && !(error instanceof ApiError && error.status === 400)) handleError(error, 'search:toast.failed');
  }, [error]);

  const detail = error instanceof ApiError ? error.problem?.detail : undefined;

  return (
    <Stack gap="lg" maw={880} data-testid="search-page">
      <PageTitle>{t('pages:search')}</PageTitle>
      <Paper
        withBorder
        shadow="sm"
        radius="md"
        p={{ base: 'md', sm: 'lg' }}
        component="form"
        role="search"
        noValidate
        onSubmit={(event: FormEvent) => {
          // Enter searches at once, without waiting for the typing pause.
          event.preventDefault();
          // The same search again after a failure is sent again; anything else only once.
          if (status === 'failed' && sameRequest(request, searched)) retry();
          else search();
        }}
      >
        <Stack gap="sm">
          <TextInput
            type="search"
            size="md"
            aria-label={t('input.label')}
            placeholder={t('input.placeholder')}
            leftSection={<IconSearch size={18} />}
            rightSection={
              status === 'loading' ? (
                <Loader size="xs" role="status" aria-label={t('searching')} />
              ) : term ? (
                <CloseButton size="sm" aria-label={t('input.clear')} onClick={() => setTerm('')} />
              ) : null
            }
            value={term}
            onChange={(e) => setTerm(e.currentTarget.value)}
            autoFocus
            name="query"
            data-testid="search-input"
          />
          <Text size="sm" c="dimmed" data-testid="search-hint">
            <Trans t={t} i18nKey="hint" components={{ 1: <Code />, 2: <Code /> }} />
          </Text>
          <Group gap="lg" role="group" aria-label={t('kinds.label')}>
            <Text size="sm" fw={500}>
              {t('kinds.label')}
            </Text>
            <Checkbox label={t('kinds.Post')} checked={kinds.Post} onChange={(e) => setKinds({ ...kinds, Post: e.currentTarget.checked })} />
            <Checkbox label={t('kinds.Rec')} checked={kinds.Rec} onChange={(e) => setKinds({ ...kinds, Rec: e.currentTarget.checked })} />
          </Group>
        </Stack>
      </Paper>

      <div aria-live="polite" data-testid="search-status">
        {noKind ? (
          <Text c="dimmed">{t('status.noKind')}</Text>
        ) : !request ? (
          term.trim() ? (
            <Text c="dimmed">{t('status.tooShort', { count: SEARCH_MIN_LENGTH })}</Text>
          ) : null
        ) : status === 'failed' ? (
          <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} title={t('toast.failed')} data-testid="search-error">
            {detail ?? t('common:error.generic')}
          </Alert>
        ) : shown ? (
          <Text fw={500} data-testid="result-count">
            {results.length === 0
              ? t('status.none', { query: shown.query })
              : results.length >= SEARCH_RESULT_LIMIT
                ? t('status.limit', { count: results.length, query: shown.query })
                : t('status.count', { count: results.length, query: shown.query })}
          </Text>
        ) : null}
      </div>

      {results.length > 0 ? (
        <Stack gap="sm" data-testid="search-results" style={{ opacity: status === 'loading' ? 0.6 : 1, transition: 'opacity 120ms' }}>
          {results.map((result) => (
            <SearchResultCard key={`${result.kind}-${result.kind === 'Post' ? result.postId : result.recommendationId}`} result={result} />
          ))}
        </Stack>
      ) : shown && status === 'ready' ? (
        <Stack
          align="center"
          gap={6}
          py={40}
          px="md"
          bg="var(--mantine-color-body)"
          style={{ border: '1px dashed var(--mantine-color-default-border)', borderRadius: 'var(--mantine-radius-md)' }}
        >
          <IconZoomQuestion size={32} color="var(--mantine-color-burgundy-4)" aria-hidden />
          <Text size="sm" c="dimmed" ta="center">
            {t('status.noneHint')}
          </Text>
        </Stack>
      ) : null}
    </Stack>
  );
}
