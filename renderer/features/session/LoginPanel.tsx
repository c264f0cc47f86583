import { Box, Center, Collapse, Container, Loader } from '@mantine/core';
import { Suspense, useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { lazyComponent } from '../../lib/lazy-component';
import { useSessionStore } from '../../store/session-store';
import { useLoginForm } from './login-form.store';

// The form and its checks are a chunk of their own, fetched once the club has answered and the browser
// is idle (or when the panel opens first), so the form is there as soon as the panel opens.
const LoginForm = lazyComponent(
  () => import('./LoginForm'),
  (m) => m.LoginForm,
);

function whenIdle(task: () => void): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(task, { timeout: 2000 });
    return () => window.cancelIdleCallback(id);
  }
  const id = window.setTimeout(task, 200);
  return () => window.clearTimeout(id);
}

/** The inline login form (LoginForm.tsx), revealed under the header by the Login button; `before` goes above it (the demo club's one-click sign-in). */
export function LoginPanel({ before }: { before?: ReactNode }) {
  const { t } = useTranslation();
  const open = useLoginForm((s) => s.open);
  const signedIn = useSessionStore((s) => s.token !== null);
  const visible = open && !signedIn;
  const ready = useSessionStore((s) => s.ready);
  useEffect(() => (ready ? whenIdle(() => LoginForm.preload()) : undefined), [ready]);

  return (
    <Collapse expanded={visible} id="login-panel">
      {/* Unmounted while hidden, so a closed form is out of the tab order and the accessibility tree. */}
      {visible && (
        <Box bg="var(--bookclub-color-accent-surface)" py="md" style={{ borderBottom: '1px solid var(--bookclub-color-accent-border)' }}>
          <Container size="lg">
            {before && <Box mb="md">{before}</Box>}
            <Suspense
              fallback={
                <Center mih={60} aria-busy="true">
                  <Loader size="sm" role="status" aria-label={t('loading')} />
                </Center>
              }
            >
              <LoginForm />
            </Suspense>
          </Container>
        </Box>
      )}
    </Collapse>
  );
}
