import { ActionIcon, Tooltip } from '@mantine/core';
import { IconEye, IconPencil } from '@tabler/icons-react';

interface EditToggleProps {
  editing: boolean;
  onToggle(): void;
  /** Shown while editing (the way back to reading) and while reading (the way to edit). */
  viewLabel: string;
  editLabel: string;
}

/** The icon in a card's top right corner that switches between reading and editing it. */
export function EditToggle({ editing, onToggle, viewLabel, editLabel }: EditToggleProps) {
  const label = editing ? viewLabel : editLabel;
  return (
    <Tooltip label={label} withArrow>
      <ActionIcon
        variant={editing ? 'filled' : 'subtle'}
        size="lg"
        pos="absolute"
        top={12}
        right={12}
        onClick={onToggle}
        aria-label={label}
        aria-pressed={editing}
        style={{ zIndex: 1 }}
      >
        {editing ? <IconEye size={18} /> : <IconPencil size={18} />}
      </ActionIcon>
    </Tooltip>
  );
}
