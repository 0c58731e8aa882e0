import { supportReason } from '@rcm/shared/support-grants';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { errorOf, RootError, TextArea } from '@/components/ui/form.tsx';
import { FormActions } from '@/components/ui/form-actions.tsx';
import { Modal } from '@/components/ui/modal.tsx';
import { ApiError, failureMessage } from '@/lib/api-client.ts';
import { formResolver } from '@/lib/form-errors.ts';

const schema = z.object({ reason: supportReason });
type Values = z.infer<typeof schema>;

/**
 * "Sign in as" someone whose organization admits others only with a support grant: the server's
 * refusal (`support_grant_required`, in the user's language) and the reason to send with a new try,
 * kept with the grant's use in that organization's audit log.
 */
export function ImpersonationReasonDialog(props: {
  open: boolean;
  name: string;
  /** The server's refusal that asked for a reason (or refused again). */
  message: string;
  onClose: () => void;
  onSubmit: (reason: string) => Promise<void>;
}) {
  const { t } = useTranslation();
  const form = useForm<Values>({ defaultValues: { reason: '' }, resolver: formResolver(schema, t) });
  const { errors, isSubmitting } = form.formState;
  const close = () => {
    form.reset({ reason: '' });
    props.onClose();
  };
  const submit = form.handleSubmit(async ({ reason }) => {
    try {
      await props.onSubmit(reason);
      form.reset({ reason: '' });
    } catch (err) {
      form.setError('root', {
        message: err instanceof ApiError ? err.message : failureMessage(err, t('errors.network')),
      });
    }
  });
  return (
    <Modal open={props.open} onClose={close} title={t('settings.users.reasonTitle', { name: props.name })}>
      <form onSubmit={submit} noValidate className="space-y-4">
        <p className="text-sm text-slate-700 dark:text-slate-300">{props.message}</p>
        <RootError message={errors.root?.message} />
        <TextArea
          label={t('settings.users.reason')}
          hint={t('settings.users.reasonHint')}
          maxLength={500}
          reg={form.register('reason')}
          error={errorOf(errors, 'reason')}
        />
        <FormActions
          onCancel={close}
          submitting={isSubmitting}
          label={t('settings.users.impersonate')}
          busyLabel={t('settings.users.impersonating')}
        />
      </form>
    </Modal>
  );
}
