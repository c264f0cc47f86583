import { Alert, Button, Group, Modal, Radio, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useDisclosure } from '@mantine/hooks';
import { IconLock } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { VOTING_METHODS, type VotingMethod } from '../../../shared/api/poll';
import { checkedForm } from '../../lib/form-errors';
import { notifySuccess } from '../../lib/notify';
import { refocusWhenLost } from '../../lib/refocus';
import { useFormSubmit } from '../../lib/use-form-submit';
import { DeadlineInput, deadlineCheck } from '../polls';
import { useCloseDiscussion } from './queries';

/** The dialog's check: the deadline's (deadlineCheck), and the voting method as chosen. */
function closeCheck(values: { closesAt: string; votingMethod: VotingMethod }) {
  const deadline = deadlineCheck(false)(values);
  return deadline.ok ? { ok: true as const, sent: { ...deadline.sent, votingMethod: values.votingMethod } } : deadline;
}

/**
 * Moderators close a discussion into its poll (SPEC section 5), asked first; the confirmation may also say
 * when the poll closes itself and how members vote (approval, as ever, or ranked choice). A refused
 * deadline shows on its field and the dialog stays open, with what was chosen.
 */
export function CloseDiscussionButton({ discussionId, count }: { discussionId: number; count: number }) {
  const { t } = useTranslation('discussions');
  const { t: tPolls } = useTranslation('polls');
  const { t: tCommon } = useTranslation();
  const [opened, modal] = useDisclosure(false);
  const close = useCloseDiscussion(discussionId).mutateAsync;
  const form = useForm({ initialValues: { closesAt: '', votingMethod: 'approval' as VotingMethod }, ...checkedForm(closeCheck, tPolls) });
  const closedOn = useRef<string | null>(null);
  const { onSubmit, busy, formError } = useFormSubmit(form, {
    async action(body) {
      closedOn.current = window.location.pathname;
      try {
        await close(body);
      } catch (error) {
        closedOn.current = null;
        throw error;
      }
      notifySuccess(t('toast.closed'));
      modal.close();
    },
  });

  // Closed, the button goes with its dialog: focus goes on to the way to the poll (ConfirmButton does the same).
  useEffect(
    () => () => {
      if (closedOn.current === window.location.pathname) refocusWhenLost(['[data-testid="go-to-poll"]'], null);
    },
    [],
  );

  return (
    <>
      <Button variant="light" leftSection={<IconLock size={18} />} onClick={modal.open} data-testid="close-discussion">
        {t('close.button')}
      </Button>
      <Modal
        opened={opened}
        onClose={() => !busy && modal.close()}
        title={t('close.title')}
        centered
        closeButtonProps={{ 'aria-label': tCommon('confirm.close') }}
      >
        <form onSubmit={onSubmit} noValidate aria-label={t('close.title')}>
          <Stack gap="md">
            <Text>{t('close.message', { count })}</Text>
            <Radio.Group label={t('close.method')} name="votingMethod" {...form.getInputProps('votingMethod')}>
              <Stack gap="sm" mt="xs">
                {VOTING_METHODS.map((method) => (
                  <Radio key={method} value={method} label={t(`close.${method}`)} description={t(`close.${method}Hint`)} data-testid={`voting-${method}`} />
                ))}
              </Stack>
            </Radio.Group>
            <DeadlineInput
              {...form.getInputProps('closesAt')}
              description={`${tPolls('deadline.optional')} ${tPolls('deadline.zone', { zone: Intl.DateTimeFormat().resolvedOptions().timeZone })}`}
            />
            {formError && (
              <Alert color="red" variant="light" role="alert">
                {formError}
              </Alert>
            )}
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={modal.close} disabled={busy}>
                {tCommon('confirm.cancel')}
              </Button>
              <Button type="submit" loading={busy} data-autofocus>
                {t('close.confirm')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    </>
  );
}
