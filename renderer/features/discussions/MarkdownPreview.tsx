import { Box, Button, Loader, Paper, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconEye, IconEyeOff } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RenderedHtml } from '../../components/RenderedHtml';
import { handleError } from '../../lib/notify';
import { discussionsService } from './discussions.service';

/**
 * How the markdown will look once posted: rendered by the server (PUT /api/discussions/preview), the
 * same renderer that keeps posts, and kept current while the member types.
 */
export function MarkdownPreview({ text }: { text: string }) {
  const { t } = useTranslation('discussions');
  const [open, setOpen] = useState(false);
  const [debounced] = useDebouncedValue(text, 400);
  const [html, setHtml] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!open) return;
    if (!debounced.trim()) {
      setHtml(null);
      return;
    }
    let cancelled = false;
    setBusy(true);
    discussionsService
      .preview(debounced)
      .then((answer) => !cancelled && setHtml(answer.html))
      .catch((error: unknown) => !cancelled && handleError(error))
      .finally(() => !cancelled && setBusy(false));
    return () => {
      cancelled = true;
    };
  }, [open, debounced]);

  return (
    <Box>
      <Button
        variant="subtle"
        size="compact-sm"
        px={4}
        leftSection={open ? <IconEyeOff size={16} /> : <IconEye size={16} />}
        onClick={() => setOpen((o) => !o)}
        aria-expanded={open}
      >
        {open ? t('preview.hide') : t('preview.show')}
      </Button>
      {open && (
        <Paper withBorder p="sm" mt={6} bg="gray.0" data-testid="markdown-preview" aria-live="polite">
          {html ? (
            <RenderedHtml html={html} />
          ) : busy ? (
            <Loader size="xs" />
          ) : (
            <Text size="sm" c="dimmed">
              {t('preview.empty')}
            </Text>
          )}
        </Paper>
      )}
    </Box>
  );
}
