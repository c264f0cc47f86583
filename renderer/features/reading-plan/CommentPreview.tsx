import { Box, Button, Paper, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconEye, IconEyeOff } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RenderedHtml } from '../../components/RenderedHtml';
import { routeQuery } from '../../lib/route-query';

/**
 * How a comment will look, rendered by the server as posts are (PUT /api/discussions/preview, the route and
 * cache entry the post form's preview uses), shown on request and kept current while the member types.
 */
export function CommentPreview({ text }: { text: string }) {
  const { t } = useTranslation('readingPlan');
  const [open, setOpen] = useState(false);
  const [debounced] = useDebouncedValue(text, 400);
  const preview = useQuery({
    ...routeQuery('discussions', 'preview', { body: { text: debounced } }),
    enabled: open && debounced.trim() !== '',
    staleTime: Infinity,
    placeholderData: keepPreviousData,
  });
  const html = debounced.trim() ? preview.data?.html : null;
  return (
    <Box>
      <Button
        variant="subtle"
        size="compact-sm"
        px={4}
        leftSection={open ? <IconEyeOff size={16} aria-hidden /> : <IconEye size={16} aria-hidden />}
        onClick={() => setOpen((was) => !was)}
        aria-expanded={open}
      >
        {open ? t('comments.previewHide') : t('comments.preview')}
      </Button>
      {open && (
        <Paper withBorder p="sm" mt={6} bg="var(--bookclub-color-inset)" aria-live="polite" data-testid="comment-preview">
          {html ? (
            <RenderedHtml html={html} />
          ) : (
            <Text size="sm" c="dimmed">
              {t('comments.previewEmpty')}
            </Text>
          )}
        </Paper>
      )}
    </Box>
  );
}
