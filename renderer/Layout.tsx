import { Anchor, AppShell, Box, Burger, Container, Group, NavLink, Stack, Text, UnstyledButton } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconBook2 } from '@tabler/icons-react';
import { Suspense, useContext, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink as RouterNavLink, Outlet, useLocation } from 'react-router-dom';
import { pages } from '../shared/pages';
import { ColorSchemeToggle } from './components/ColorSchemeToggle';
import { LanguageMenu } from './components/LanguageMenu';
import { MAIN_CONTENT_ID, NavigationFocus, SkipLink } from './components/NavigationFocus';
import { SiteNameContext } from './components/PageTitle';
import { isNavLinkActive, navLinksFor } from './components/nav-links';
import { lazyComponent } from './lib/lazy-component';
import { LoginControl } from './features/session/LoginControl';
import { LoginPanel } from './features/session/LoginPanel';
import { useHome } from './features/home';
import { useSessionStore } from './store/session-store';

const NAV_ROW_HEIGHT = 44;

// Only the demo club (`npm start -- demo`) shows its banner and one-click sign-in: a real club never loads them.
const DemoBanner = lazyComponent(
  () => import('./features/demo'),
  (m) => m.DemoBanner,
  () => null,
);
const DemoSignIn = lazyComponent(
  () => import('./features/demo'),
  (m) => m.DemoSignIn,
  () => null,
);

// The credits (with react-i18next's Trans for their links) arrive just after the page.
const Footer = lazyComponent(
  () => import('./components/Footer'),
  (m) => m.Footer,
  () => null,
);

/** The app's frame: header with the club's name, language and login, the navigation, the page, the footer. */
export function Layout() {
  const { t } = useTranslation();
  const [menuOpen, menu] = useDisclosure(false);
  const location = useLocation();
  const siteName = useContext(SiteNameContext);
  const profile = useSessionStore((s) => s.myProfile);
  const links = navLinksFor(profile);
  const demo = useHome().data?.demo;

  // Every route change collapses the menu and starts the new page at its top.
  useEffect(() => {
    menu.close();
    window.scrollTo({ top: 0 });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [location.pathname]);

  return (
    <>
      <SkipLink />
      <NavigationFocus />
      <AppShell
        header={{ height: { base: 60, md: 60 + NAV_ROW_HEIGHT } }}
        navbar={{ width: 260, breakpoint: 'md', collapsed: { mobile: !menuOpen, desktop: true } }}
        padding={0}
      >
        <AppShell.Header withBorder>
          <Container size="lg" h={60}>
            <Group h="100%" justify="space-between" wrap="nowrap" gap="xs">
              <Group gap="xs" wrap="nowrap" style={{ minWidth: 0, flex: 1 }}>
                <Burger opened={menuOpen} onClick={menu.toggle} hiddenFrom="md" size="sm" aria-label={menuOpen ? t('nav.closeMenu') : t('nav.openMenu')} />
                <UnstyledButton component={Link} to={pages.home()} data-testid="site-name" style={{ minWidth: 0 }}>
                  <Group gap={8} wrap="nowrap">
                    {/* On a phone the name alone, on two lines if need be: its room is what the controls leave. */}
                    <Box visibleFrom="xs" style={{ display: 'flex', flexShrink: 0 }}>
                      <IconBook2 size={26} color="var(--bookclub-color-accent)" aria-hidden />
                    </Box>
                    <Text
                      fw={700}
                      fz={{ base: 'md', sm: 'lg' }}
                      lh={1.2}
                      ff="heading"
                      c="var(--bookclub-color-accent)"
                      lineClamp={2}
                      data-testid="site-name-text"
                    >
                      {siteName}
                    </Text>
                  </Group>
                </UnstyledButton>
              </Group>
              <Group gap={4} wrap="nowrap" style={{ flexShrink: 0 }}>
                <ColorSchemeToggle />
                <LanguageMenu />
                <LoginControl />
              </Group>
            </Group>
          </Container>
          {/* On wide screens the links get a row of their own, so longer Slovak labels never crowd the header. */}
          <Box visibleFrom="md" style={{ borderTop: '1px solid var(--bookclub-color-divider)' }}>
            <Container size="lg" h={NAV_ROW_HEIGHT}>
              <Group h="100%" gap={4} component="nav" aria-label={t('nav.mainLabel')} data-testid="desktop-nav">
                {links.map((link) => (
                  <Anchor
                    key={link.to}
                    component={RouterNavLink}
                    to={link.to}
                    end={link.to === '/'}
                    className="nav-link"
                    px="sm"
                    py={6}
                    fw={500}
                    size="sm"
                    underline="never"
                    style={{ borderRadius: 'var(--mantine-radius-md)' }}
                    data-active={isNavLinkActive(link, location.pathname) || undefined}
                  >
                    {t(link.labelKey)}
                  </Anchor>
                ))}
              </Group>
            </Container>
          </Box>
        </AppShell.Header>

        <AppShell.Navbar
          p="sm"
          component="nav"
          aria-label={t('nav.mainLabel')}
          data-testid="mobile-nav"
          hiddenFrom="md"
          // Collapsed, it only slides out of view: keep its links out of the tab order too.
          inert={!menuOpen || undefined}
        >
          <Stack gap={4}>
            {links.map((link) => (
              <NavLink
                key={link.to}
                component={Link}
                to={link.to}
                label={t(link.labelKey)}
                active={isNavLinkActive(link, location.pathname)}
                variant="light"
                style={{ borderRadius: 'var(--mantine-radius-md)' }}
              />
            ))}
          </Stack>
        </AppShell.Navbar>

        <AppShell.Main id={MAIN_CONTENT_ID} tabIndex={-1}>
          {demo && (
            <Suspense fallback={null}>
              <DemoBanner demo={demo} />
            </Suspense>
          )}
          <LoginPanel
            before={
              demo && (
                <Suspense fallback={null}>
                  <DemoSignIn demo={demo} size="sm" />
                </Suspense>
              )
            }
          />
          <Container size="lg" py="xl" mih="calc(100vh - 60px - 120px)">
            <Outlet />
          </Container>
          <Suspense fallback={null}>
            <Footer />
          </Suspense>
        </AppShell.Main>
      </AppShell>
    </>
  );
}
