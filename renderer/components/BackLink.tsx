import { Button } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';

/** The way back to the list a page belongs to, above its title. */
export function BackLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Button component={Link} to={to} variant="subtle" size="compact-sm" leftSection={<IconArrowLeft size={16} />} px={4} mb="xs">
      {children}
    </Button>
  );
}
