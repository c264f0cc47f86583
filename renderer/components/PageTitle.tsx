import { Title } from '@mantine/core';
import { useEffect, type ReactNode } from 'react';
import { useAppStore } from '../store/app-store';

/** The browser tab's title: the page, then the club's name. */
export function useDocumentTitle(page: string | null) {
  const siteName = useAppStore((s) => s.siteName);
  useEffect(() => {
    document.title = page ? `${page} · ${siteName}` : siteName;
  }, [page, siteName]);
}

/** The page's heading, also shown in the browser tab with the club's name. */
export function PageTitle({ children, documentTitle }: { children: ReactNode; documentTitle?: string }) {
  useDocumentTitle(documentTitle ?? (typeof children === 'string' ? children : null));
  return (
    <Title order={1} size="h2" mb="md">
      {children}
    </Title>
  );
}
