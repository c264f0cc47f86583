// First: zod's settings hold for the schemas made as the modules below load.
import './lib/zod-jitless';
import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './styles.css';
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { connectApp } from './app-start';
import { i18nReady } from './lib/i18n';
import { lazyComponent } from './lib/lazy-component';
import { queryClient } from './lib/query-client';
import { reloadOnStaleAssets } from './lib/stale-assets';
import { App } from './routes';
import { cssVariablesResolver, theme } from './theme';

// The toasts' frame comes after the first page; a toast shown before it is kept and appears with it.
const Toasts = lazyComponent(
  () => import('./components/Toasts'),
  (m) => m.Toasts,
  () => null,
);

reloadOnStaleAssets();
connectApp(queryClient);

function render() {
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        {/* The theme follows the system's light or dark setting unless the member picks one (ColorSchemeToggle,
            kept in localStorage); public/color-scheme.js applies it before the first paint. */}
        <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="auto">
          <Suspense fallback={null}>
            <Toasts />
          </Suspense>
          {/* Navigations render at once, not as transitions: a sign-out and its way home land together, so a
              protected page never sees the signed-out member and sends them to log in again (nextUrl). */}
          <BrowserRouter useTransitions={false}>
            <App />
          </BrowserRouter>
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
