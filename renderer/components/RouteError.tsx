import { Button, Group, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PageTitle } from './PageTitle';

/**
 * A page that failed to show: its code could not be loaded even after a reload (lib/stale-assets.ts),
 * or it threw while rendering. A reload is the one thing a member can try.
 */
export function RouteError() {
  const { t } = useTranslation();
  return (
    <>
      <PageTitle>{t('loadFailed.title')}</PageTitle>
      {/* Not Mantine's Alert as LoadFailed shows: this is part of the first download, kept small. */}
      <Group gap="xs" mb="md" c="var(--mantine-color-error)" wrap="nowrap" role="alert" data-testid="route-error">
        <IconAlertTriangle size={20} aria-hidden style={{ flexShrink: 0 }} />
        <Text inherit>{t('error.generic')}</Text>
      </Group>
      <Button variant="light" onClick={() => window.location.reload()}>
        {t('loadFailed.reload')}
      </Button>
    </>
  );
}

interface BoundaryProps {
  /** The address shown: when it changes, what failed is tried again. */
  resetKey: string;
  children: ReactNode;
}

/** Shows RouteError in place of what failed below it, until the address changes. */
export class RouteErrorBoundary extends Component<BoundaryProps, { failed: boolean; key: string }> {
  override state = { failed: false, key: this.props.resetKey };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: { key: string }) {
    return props.resetKey === state.key ? null : { failed: false, key: props.resetKey };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error('The page failed', error, info.componentStack);
  }

  override render(): ReactNode {
    return this.state.failed ? <RouteError /> : this.props.children;
  }
}
