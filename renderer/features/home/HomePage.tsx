import { Alert, Anchor, Box, Button, Card, Grid, Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconBooks, IconCheckbox, IconMessages, IconPin, IconSettings, IconUserExclamation } from '@tabler/icons-react';
import { Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { pages } from '../../../shared/pages';
import { BookLargeCard } from '../../components/BookCard';
import { PageLoader } from '../../components/PageStatus';
import { PageTitle } from '../../components/PageTitle';
import { RenderedHtml } from '../../components/RenderedHtml';
import { safeNextUrl } from '../../components/RequireLogin';
import { lazyComponent } from '../../lib/lazy-component';
import { selectIsSignedIn, useSessionStore } from '../../store/session-store';
import { NextMeetingCard } from '../meetings';
import { useLoginForm } from '../session';
import { PollDeadline } from '../polls';
import { HomePlanLine } from '../reading-plan';
import { missingProfileFields } from './profile-completeness';
import { useHome, useHomeVisit, useSiteName } from './queries';

// The demo club's one-click sign-in, loaded only in the demo club (`npm start -- demo`).
const DemoSignIn = lazyComponent(
  () => import('../demo'),
  (m) => m.DemoSignIn,
);

export function HomePage() {
  const signedIn = useSessionStore(selectIsSignedIn);
  const profile = useSessionStore((s) => s.myProfile);
  return signedIn && profile ? <MemberHome /> : <VisitorHome />;
}

function VisitorHome() {
  const { t } = useTranslation('home');
  const siteName = useSiteName();
  const home = useHome().data;
  const needsSetup = home?.needsSetup ?? false;
  const showLogin = useLoginForm((s) => s.show);
  // The open login panel offers the demo's one-click sign-in itself.
  const loginOpen = useLoginForm((s) => s.open);
  const [params] = useSearchParams();
  const sentFromProtectedPage = safeNextUrl(params.get('nextUrl')) !== null;

  // Sent home from a protected page: the login form is what the visitor needs next.
  useEffect(() => {
    if (sentFromProtectedPage) showLogin();
  }, [sentFromProtectedPage, showLogin]);

  return (
    <Stack gap="lg" data-testid="visitor-home">
      {needsSetup && (
        <Alert color="yellow" icon={<IconSettings size={20} />} title={t('setup.title')}>
          <Text mb="sm">{t('setup.text')}</Text>
          <Button component={Link} to={pages.setup()} size="sm">
            {t('setup.action')}
          </Button>
        </Alert>
      )}
      <Paper withBorder shadow="sm" radius="lg" p={{ base: 'lg', sm: 48 }}>
        <Group wrap="nowrap" align="flex-start" gap="xl">
          <ThemeIcon size={72} radius="xl" variant="light" visibleFrom="sm">
            <IconBooks size={40} />
          </ThemeIcon>
          <Stack gap="sm">
            <PageTitle documentTitle={siteName}>{t('visitor.title', { siteName })}</PageTitle>
            <Text size="lg">{t('visitor.text')}</Text>
            <Text c="dimmed">{t('visitor.membersOnly')}</Text>
            {home?.demo ? (
              !loginOpen && (
                <Box mt="sm">
                  <Suspense fallback={null}>
                    <DemoSignIn demo={home.demo} />
                  </Suspense>
                </Box>
              )
            ) : (
              <Group mt="sm">
                <Button size="md" onClick={() => showLogin()}>
                  {t('visitor.signIn')}
                </Button>
              </Group>
            )}
          </Stack>
        </Group>
      </Paper>
    </Stack>
  );
}

function MemberHome() {
  const { t } = useTranslation('home');
  const profile = useSessionStore((s) => s.myProfile)!;
  const home = useHomeVisit().data;
  const siteName = useSiteName();
  const missing = missingProfileFields(profile);
  if (!home) return <PageLoader />;
  const { notice, currentPoll: poll, currentDiscussion: discussion, matrixRoomLink } = home;
  const currentBook = home.books[0] ?? null;

  return (
    <Stack gap="lg" data-testid="member-home">
      <PageTitle documentTitle={siteName}>{profile.name ? t('greeting', { name: profile.name }) : t('greetingNoName')}</PageTitle>

      {missing.length > 0 && (
        <Alert color="yellow" icon={<IconUserExclamation size={20} />} title={t('profileIncomplete.title')}>
          <Text mb="sm">{t('profileIncomplete.text', { fields: missing.map((field) => t(`profileIncomplete.${field}`)).join(', ') })}</Text>
          <Button component={Link} to={pages.member(profile.email, 'edit')} size="xs" variant="light">
            {t('profileIncomplete.action')}
          </Button>
        </Alert>
      )}

      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Title order={2} size="h4" mb="sm">
            {t('currentBook')}
          </Title>
          {currentBook ? (
            <>
              <BookLargeCard book={currentBook} />
              <HomePlanLine book={currentBook} />
            </>
          ) : (
            <Card withBorder padding="lg">
              <Text c="dimmed">{t('noBookYet')}</Text>
            </Card>
          )}
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Title order={2} size="h4" mb="sm">
            {t('inTheClub')}
          </Title>
          <Stack gap="md">
            <NextMeetingCard />
            {discussion || poll ? (
              <>
                {discussion && (
                  <OngoingCard
                    icon={<IconMessages size={20} />}
                    label={t('ongoingDiscussion')}
                    title={discussion.title}
                    to={pages.discussion(discussion.discussionId)}
                    action={t('goToDiscussion')}
                  />
                )}
                {poll && (
                  <OngoingCard
                    icon={<IconCheckbox size={20} />}
                    label={t('ongoingPoll')}
                    title={poll.title}
                    to={pages.poll(poll.pollId)}
                    action={t('goToPoll')}
                    detail={poll.closesAt && <PollDeadline closesAt={poll.closesAt} size="xs" />}
                  />
                )}
              </>
            ) : (
              <Card withBorder padding="lg">
                <Text c="dimmed">{t('nothingOngoing')}</Text>
              </Card>
            )}
            {notice && (
              <Card withBorder padding="lg" data-testid="noticeboard">
                <Group gap="xs" mb="xs">
                  <IconPin size={18} color="var(--bookclub-color-accent)" />
                  <Text fw={600}>{t('noticeboard')}</Text>
                </Group>
                <RenderedHtml html={notice} />
              </Card>
            )}
            {matrixRoomLink && (
              <Anchor href={matrixRoomLink} target="_blank" rel="noopener noreferrer">
                {t('matrixRoom')}
              </Anchor>
            )}
          </Stack>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}

function OngoingCard(props: { icon: React.ReactNode; label: string; title: string; to: string; action: string; detail?: React.ReactNode }) {
  return (
    <Card withBorder padding="lg">
      <Group gap="xs" mb={4}>
        <ThemeIcon variant="light" size="md">
          {props.icon}
        </ThemeIcon>
        <Text size="sm" c="dimmed" fw={600} tt="uppercase">
          {props.label}
        </Text>
      </Group>
      <Text fw={600} size="lg" mb="sm">
        {props.title}
      </Text>
      {props.detail && <div style={{ marginTop: -6, marginBottom: 'var(--mantine-spacing-sm)' }}>{props.detail}</div>}
      <Button component={Link} to={props.to} variant="light" size="xs">
        {props.action}
      </Button>
    </Card>
  );
}
