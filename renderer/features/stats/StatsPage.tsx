import { Anchor, Group, ScrollArea, Stack, Table, Text, UnstyledButton } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconSelector } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { pages } from '../../../shared/pages';
import { LoadFailed, PageLoader } from '../../components/PageStatus';
import { PageTitle } from '../../components/PageTitle';
import { useMemberStats } from './queries';
import { nextOrder, sortStats, type StatsColumn, type StatsOrder } from './sort-stats';

const COUNTS: StatsColumn[] = ['booksRatedCount', 'winningBooksCount', 'recommendationCount', 'meetingsAttendedCount'];

/** The club's statistics (Obskurnee's /statistiky): what each active member has added to the club, sortable. */
export function StatsPage() {
  const { t, i18n } = useTranslation('stats');
  const { data: stats, error, isError } = useMemberStats();
  const [order, setOrder] = useState<StatsOrder>({ column: 'booksRatedCount', descending: true });
  const rows = useMemo(() => sortStats(stats ?? [], order, i18n.language), [stats, order, i18n.language]);

  if (isError) return <LoadFailed title={t('pages:stats')} error={error} backTo={pages.members()} backLabel={t('backToMembers')} />;

  function header(column: StatsColumn) {
    const sorted = order.column === column;
    const Icon = !sorted ? IconSelector : order.descending ? IconArrowDown : IconArrowUp;
    return (
      <Table.Th key={column} aria-sort={sorted ? (order.descending ? 'descending' : 'ascending') : 'none'} ta={column === 'userName' ? 'left' : 'right'}>
        <UnstyledButton onClick={() => setOrder(nextOrder(order, column))} data-testid={`sort-${column}`} className="stats-sort">
          <Group gap={4} wrap="nowrap" align="flex-end" justify={column === 'userName' ? 'flex-start' : 'flex-end'}>
            <Text fw={700} size="sm" component="span" ta={column === 'userName' ? 'left' : 'right'}>
              {t(`columns.${column}`)}
            </Text>
            <Icon size={14} aria-hidden style={{ flexShrink: 0, marginBottom: 3 }} />
          </Group>
        </UnstyledButton>
      </Table.Th>
    );
  }

  return (
    <Stack gap="lg" data-testid="stats-page">
      <div>
        <PageTitle>{t('pages:stats')}</PageTitle>
        <Text c="dimmed" mt={-8} maw={640}>
          {t('intro')} {t('caption')}
        </Text>
      </div>
      {!stats ? (
        <PageLoader />
      ) : rows.length === 0 ? (
        <Text c="dimmed">{t('none')}</Text>
      ) : (
        // A phone shows the table scrolling sideways within itself (data tables may, WCAG 1.4.10); the page does not.
        <ScrollArea type="auto" offsetScrollbars="x">
          <Table striped highlightOnHover verticalSpacing="sm" horizontalSpacing="xs" data-testid="stats-table" aria-label={t('pages:stats')}>
            <Table.Thead>
              <Table.Tr>{(['userName', ...COUNTS] as StatsColumn[]).map(header)}</Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((member) => (
                <Table.Tr key={member.userId} data-testid="stats-row">
                  <Table.Th scope="row" fw={600}>
                    {/* The profile page opens by user id as well as by email: the statistics carry the id. */}
                    <Anchor component={Link} to={pages.member(member.userId)} c="bright">
                      {member.userName}
                    </Anchor>
                  </Table.Th>
                  {COUNTS.map((column) => (
                    <Table.Td key={column} ta="right" style={{ fontVariantNumeric: 'tabular-nums' }}>
                      {member[column]}
                    </Table.Td>
                  ))}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollArea>
      )}
    </Stack>
  );
}
