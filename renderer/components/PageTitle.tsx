import { Title } from '@mantine/core';
import { createContext, useContext, useEffect, type ReactNode } from 'react';
import { DEFAULT_SITE_NAME } from '../../shared/constants';

/** The club's name, provided by the app's frame (from home, or as this browser last knew it). */
export const SiteNameContext = createContext<string>(DEFAULT_SITE_NAME);

/** The browser tab's title: the page, then the club's name. */
export function useDocumentTitle(page: string | null) {
  const siteName = useContext(SiteNameContext);
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
