import { Box, Center, Collapse, Container, Loader } from '@mantine/core';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { lazyComponent } from '../../lib/lazy-component';
import { useSessionStore } from '../../store/session-store';
import { useLoginForm } from './login-form.store';

// The form and its checks load when a visitor first opens the panel.
const LoginForm = lazyComponent(() => import('./LoginForm'), (m) => m.LoginForm);

/** The inline login form (LoginForm.tsx), revealed under the header by the Login button. */
export function LoginPanel() {
  const { t } = useTranslation();
  const open = useLoginForm((s) => s.open);
  const signedIn = useSessionStore((s) => s.token !== null);
  const visible = open && !signedIn;

  return (
    <Collapse expanded={visible} id="login-panel">
      {/* Unmounted while hidden, so a closed form is out of the tab order and the accessibility tree. */}
      {visible && (
        <Box bg="burgundy.0" py="md" style={{ borderBottom: '1px solid var(--mantine-color-burgundy-1)' }}>
          <Container size="lg">
            <Suspense
              fallback={
                <Center mih={60} aria-busy="true">
                  <Loader size="sm" aria-label={t('loading')} />
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
