import { Badge } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';

/**
 * Whether a discussion or a poll is still open: a grey badge with a lock once closed, a light teal one while
 * open. The labels are the feature's (a discussion is open for suggestions, a poll for voting).
 */
export function OpenClosedBadge({
  isClosed,
  openLabel,
  closedLabel,
  closedTestId,
}: {
  isClosed: boolean;
  openLabel: string;
  closedLabel: string;
  closedTestId: string;
}) {
  return isClosed ? (
    <Badge color="gray" radius="sm" leftSection={<IconLock size={12} />} data-testid={closedTestId}>
      {closedLabel}
    </Badge>
  ) : (
    <Badge color="teal" variant="light" radius="sm">
      {openLabel}
    </Badge>
  );
}
