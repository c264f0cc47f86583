import { Badge, Box, Button, Group, Paper, SegmentedControl, Stack, Text } from '@mantine/core';
import { IconCheck, IconQuestionMark, IconStarFilled, IconX } from '@tabler/icons-react';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DATE_POLL_ANSWERS, type DatePoll, type DatePollAnswer, type DatePollOption } from '../../../shared/api/date-polls';
import { notifySuccess } from '../../lib/notify';
import { useAction } from '../../lib/use-form-submit';
import { bestOptionIds, namesOf } from './date-poll-grid';
import { optionDay, optionHours } from './date-poll-time';
import { useAnswerDatePoll } from './queries';

const ICONS = { yes: IconCheck, ifNeedBe: IconQuestionMark, no: IconX } as const;
const COLORS = { yes: 'teal', ifNeedBe: 'yellow', no: 'red' } as const;
const isAnswer = (value: string): value is DatePollAnswer => (DATE_POLL_ANSWERS as readonly string[]).includes(value);

interface AnswerGridProps {
  poll: DatePoll;
  /** The reader's zone, in which every date shows. */
  timeZone: string;
  /** False past the deadline or once closed: everyone's answers show, none can be given. */
  editable: boolean;
}

/**
 * The poll's dates in date order, one row each (a card on a phone): the reader's own answer as a radio group
 * of three (arrow keys move within it, Tab to the next date; big enough for a thumb), and everyone's answers
 * summarised and named beside it, kept live. The best dates are marked, never moved. The reader's choices
 * are a draft until saved, and a push never overwrites them.
 */
export function AnswerGrid({ poll, timeZone, editable }: AnswerGridProps) {
  const { t } = useTranslation('datePolls');
  const [draft, setDraft] = useState<Record<string, DatePollAnswer> | null>(null);
  const best = useMemo(() => bestOptionIds(poll.options), [poll.options]);
  const save = useAnswerDatePoll(poll.datePollId).mutateAsync;
  const { run, busy } = useAction({ failureKey: 'datePolls:toast.answerFailed' });
  const mine = draft ?? poll.myAnswers;
  const changed = draft !== null && !sameAnswers(draft, poll.myAnswers);
  const answeredAll = poll.options.every((option) => mine[String(option.optionId)]);

  function choose(optionId: number, value: string) {
    if (isAnswer(value)) setDraft({ ...mine, [String(optionId)]: value });
  }

  function submit() {
    // Only this poll's dates: an edit may have taken one away since the draft began.
    const answers = Object.fromEntries(
      poll.options.flatMap((option) => (mine[String(option.optionId)] ? [[String(option.optionId), mine[String(option.optionId)]!]] : [])),
    );
    void run(async () => {
      await save(answers);
      setDraft(null);
      notifySuccess(t('toast.answered'));
    });
  }

  return (
    <Stack gap="sm">
      <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label={t('grid.label')}>
        {poll.options.map((option) => (
          <OptionRow
            key={option.optionId}
            poll={poll}
            option={option}
            timeZone={timeZone}
            best={best.has(option.optionId)}
            answer={mine[String(option.optionId)] ?? null}
            editable={editable}
            disabled={busy}
            onChoose={(value) => choose(option.optionId, value)}
          />
        ))}
      </Stack>
      {editable && (
        <Group gap="sm" wrap="wrap">
          <Button onClick={submit} loading={busy} disabled={!changed} data-testid="save-answers">
            {t('grid.save')}
          </Button>
          <Text size="sm" c="dimmed" aria-live="polite" data-testid="answers-state">
            {changed ? t('grid.unsaved') : Object.keys(poll.myAnswers).length > 0 ? t('grid.saved') : t('grid.none')}
            {changed && !answeredAll ? ` ${t('grid.someLeft')}` : ''}
          </Text>
        </Group>
      )}
    </Stack>
  );
}

function sameAnswers(a: Record<string, DatePollAnswer>, b: Record<string, DatePollAnswer>): boolean {
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  return [...keys].every((key) => a[key] === b[key]);
}

interface OptionRowProps {
  poll: DatePoll;
  option: DatePollOption;
  timeZone: string;
  best: boolean;
  answer: DatePollAnswer | null;
  editable: boolean;
  /** While the answers are being saved. */
  disabled: boolean;
  onChoose(value: string): void;
}

function OptionRow({ poll, option, timeZone, best, answer, editable, disabled, onChoose }: OptionRowProps) {
  const { t } = useTranslation('datePolls');
  const whenId = useId();
  const picked = poll.pickedOptionId === option.optionId;
  return (
    <Paper
      component="li"
      withBorder
      p={{ base: 'xs', xs: 'sm' }}
      radius="md"
      data-testid="date-option"
      data-best={best || undefined}
      style={best || picked ? { borderColor: 'var(--mantine-color-teal-filled)', borderWidth: 2 } : undefined}
    >
      <Group justify="space-between" align="flex-start" gap="sm" wrap="wrap">
        <Box style={{ minWidth: 0, flex: '1 1 12rem' }}>
          <Group gap={6} wrap="wrap">
            <Text fw={700} id={whenId}>
              <span>{optionDay(option.startsAt, timeZone)}</span>
              <Text component="span" fw={400}>{`, ${optionHours(option, timeZone)}`}</Text>
            </Text>
            {best && (
              <Badge color="teal" variant="light" leftSection={<IconStarFilled size={12} aria-hidden />} data-testid="best-option">
                {t('grid.best')}
              </Badge>
            )}
            {picked && (
              <Badge color="teal" variant="filled" data-testid="picked-option">
                {t('grid.picked')}
              </Badge>
            )}
          </Group>
          <Tally poll={poll} option={option} />
        </Box>
        {editable ? (
          <Box style={{ flex: '1 1 18rem', maxWidth: '26rem', minWidth: 0 }}>
            <SegmentedControl
              fullWidth
              size="md"
              value={answer ?? ''}
              onChange={onChoose}
              readOnly={disabled}
              aria-labelledby={whenId}
              data-testid="my-answer"
              styles={{
                // A narrow phone wraps a long answer ("If need be") rather than push the row past its card.
                label: {
                  minHeight: 44,
                  display: 'flex',
                  alignItems: 'center',
                  justifyContent: 'center',
                  paddingInline: 4,
                  whiteSpace: 'normal',
                  lineHeight: 1.2,
                  fontSize: 'clamp(0.8125rem, 4vw, 1rem)',
                },
                innerLabel: { display: 'inline-flex', alignItems: 'center', gap: 4 },
                // Each answer as wide as its words need, the rest shared: "If need be" keeps to one line where it fits.
                control: { flex: '1 1 auto' },
              }}
              data={DATE_POLL_ANSWERS.map((value) => {
                const Icon = ICONS[value];
                return {
                  value,
                  label: (
                    <>
                      <Icon
                        size={16}
                        aria-hidden
                        style={{ flexShrink: 0 }}
                        color={`var(--mantine-color-${COLORS[value]}-${value === 'ifNeedBe' ? 'text' : 'filled'})`}
                      />
                      <span>{t(`answer.${value}`)}</span>
                    </>
                  ),
                };
              })}
            />
          </Box>
        ) : (
          answer && (
            <Text size="sm" data-testid="my-answer-read">
              {t('grid.yours', { answer: t(`answer.${answer}`) })}
            </Text>
          )
        )}
      </Group>
    </Paper>
  );
}

/** Everyone's answers to one date: how many said what, and who. */
function Tally({ poll, option }: { poll: DatePoll; option: DatePollOption }) {
  const { t } = useTranslation('datePolls');
  return (
    <Stack gap={2} mt={4} data-testid="option-tally">
      <Text size="sm" c="dimmed">
        {t('grid.counts', { yes: option.yes.length, ifNeedBe: option.ifNeedBe.length, no: option.no.length })}
      </Text>
      {DATE_POLL_ANSWERS.map((answer) => {
        const names = namesOf(poll, option[answer]);
        if (names.length === 0) return null;
        const Icon = ICONS[answer];
        return (
          <Group key={answer} gap={4} wrap="nowrap" align="flex-start" data-testid={`tally-${answer}`}>
            <Icon
              size={14}
              aria-hidden
              style={{ flexShrink: 0, marginTop: 3 }}
              color={`var(--mantine-color-${COLORS[answer]}-${answer === 'ifNeedBe' ? 'text' : 'filled'})`}
            />
            <Text size="xs" style={{ overflowWrap: 'anywhere' }}>
              <Text component="span" size="xs" fw={600}>{`${t(`answer.${answer}`)}: `}</Text>
              {names.join(', ')}
            </Text>
          </Group>
        );
      })}
    </Stack>
  );
}
