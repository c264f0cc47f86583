import { Group, Text, UnstyledButton, type UnstyledButtonProps } from '@mantine/core';
import { IconChevronDown } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { Post } from '../../../shared/api/discussions';

/** A ballot's option: its title and author, a button that opens its suggestion (OptionPreview) below. */
export function OptionTitle({ post, previewed, onPreview, ...props }: { post: Post; previewed: boolean; onPreview(): void } & UnstyledButtonProps) {
  const { t } = useTranslation('polls');
  return (
    <UnstyledButton
      onClick={onPreview}
      aria-expanded={previewed}
      aria-controls={`option-preview-${post.postId}`}
      title={previewed ? t('option.hide') : t('option.show')}
      {...props}
    >
      <Group wrap="nowrap" justify="space-between" gap="xs">
        <div style={{ minWidth: 0 }}>
          <Text fw={600} style={{ overflowWrap: 'anywhere' }} data-testid="option-title">
            {post.title}
          </Text>
          {post.author && (
            <Text size="sm" c="dimmed">
              {post.author}
            </Text>
          )}
        </div>
        <IconChevronDown
          size={18}
          aria-hidden
          style={{ flexShrink: 0, transition: 'transform 150ms', transform: previewed ? 'rotate(180deg)' : undefined }}
          color="var(--mantine-color-gray-6)"
        />
      </Group>
    </UnstyledButton>
  );
}
