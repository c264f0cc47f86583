import { Title } from '@mantine/core';
import { useEffect, type ReactNode } from 'react';
import { useAppStore } from '../store/app-store';

/** The page's heading, also shown in the browser tab with the club's name. */
export function PageTitle({ children, documentTitle }: { children: ReactNode; documentTitle?: string }) {
  const siteName = useAppStore((s) => s.siteName);
  useEffect(() => {
    const page = documentTitle ?? (typeof children === 'string' ? children : null);
    document.title = page ? `${page} · ${siteName}` : siteName;
  }, [children, documentTitle, siteName]);
  return (
    <Title order={1} size="h2" mb="md">
      {children}
    </Title>
  );
}
