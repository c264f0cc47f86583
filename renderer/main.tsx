import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './styles.css';
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';
import { TOAST_MS } from '../shared/constants';
import { i18nReady } from './lib/i18n';
import { queryClient } from './lib/query-client';
import { connectApp } from './app-start';
import { router } from './routes';
import { theme } from './theme';

connectApp(queryClient);

function render() {
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <MantineProvider theme={theme} defaultColorScheme="light">
          <Notifications position="bottom-right" autoClose={TOAST_MS} />
          <RouterProvider router={router} />
        </MantineProvider>
      </QueryClientProvider>
    </StrictMode>,
  );
}

// The first render waits for the catalogues of the language this browser starts in (one small chunk).
i18nReady.then(render, (error: unknown) => {
  console.error('Could not load the interface language', error);
  render();
});
