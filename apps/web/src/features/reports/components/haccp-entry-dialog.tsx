import {
  HACCP_SIGNATURE_MEANINGS,
  type HaccpAction,
  type HaccpEntry,
  type HaccpExcursion,
  type HaccpExcursionSummary,
  type HaccpSignatureMeaning,
} from '@rcm/shared/haccp';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { errorOf, Options, RootError, SelectInput, TextArea, TextInput } from '@/components/ui/form.tsx';
import { FormActions } from '@/components/ui/form-actions.tsx';
import { Modal } from '@/components/ui/modal.tsx';
import { accountMfaQuery, ReauthDialog } from '@/features/account/index.ts';
import { useAuth } from '@/lib/auth-store.ts';
import { formResolver } from '@/lib/form-errors.ts';
import { formatDay, formatInZone } from '@/lib/format.ts';
import { toast } from '@/lib/toast.ts';
import { useApiMutation } from '@/lib/use-api-mutation.ts';
import { recordCorrectiveAction, signOffLog } from '../api/haccp-log.ts';
import { reportKeys } from '../api/keys.ts';
import { haccpCaseLabel } from './haccp-bars.ts';

/** `datetime-local` value of an instant in the browser's zone, and back. */
const toLocalInput = (d: Date) => {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
};

export type Target =
  | { kind: 'corrective_action'; excursion: HaccpExcursion; corrects?: HaccpAction }
  | {
      kind: 'sign_off';
      location_id: number;
      from: string;
      to: string;
      corrects?: HaccpEntry;
      /** The period's excursions and those without a corrective action (the signer is told before signing). */
      excursions?: HaccpExcursionSummary | undefined;
    };

/** Which dialog is open: the excursion or period, and the entry corrected. */
export const targetKey = (t: Target) =>
  t.kind === 'corrective_action'
    ? `a-${t.excursion.controller_id}-${t.excursion.point}-${t.excursion.start}-${t.corrects?.id ?? ''}`
    : `s-${t.location_id}-${t.from}-${t.to}-${t.corrects?.id ?? ''}`;

/** A warning the signer reads before signing (excursions without a corrective action). */
export const warningBox =
  'rounded-md border border-amber-300 bg-amber-50 p-3 text-sm font-medium text-amber-950 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-50';

/** What the signer is told of the period's excursions before signing. */
function SignWarning(props: { summary: HaccpExcursionSummary }) {
  const { t } = useTranslation();
  const { excursions, without_action } = props.summary;
  if (without_action > 0)
    return (
      <p className={warningBox} data-testid="haccp-sign-warning">
        {t('reports.haccp.log.signOpen', { open: without_action, count: excursions })}
      </p>
    );
  return (
    <p className="text-sm text-slate-700 dark:text-slate-200">
      {excursions === 0
        ? t('reports.haccp.log.signNoExcursion')
        : t('reports.haccp.log.signAllActioned', { count: excursions })}
    </p>
  );
}

const entryForm = z.object({ text: z.string().trim().max(2000), taken_at: z.string(), meaning: z.string() });
type EntryForm = z.infer<typeof entryForm>;

/**
 * Records a corrective action on an excursion, or signs the location's log; either may correct an
 * earlier entry. Signing asks what the signature means, then a fresh re-authentication made for a
 * signature (the account's `ReauthDialog`), and posts with its proof.
 */
export function EntryDialog(props: { target: Target | null; onClose: () => void }) {
  const { t } = useTranslation();
  const { user } = useAuth();
  const target = props.target;
  const signing = target?.kind === 'sign_off';
  // A code may stand in for the password when the person has a second factor.
  const mfa = useQuery({ ...accountMfaQuery(), enabled: signing });
  const [toConfirm, setToConfirm] = useState<(EntryForm & { meaning: HaccpSignatureMeaning }) | null>(null);
  const form = useForm<EntryForm>({
    resolver: formResolver(entryForm, t),
    // The dialog is mounted afresh for each target (its `key`): these are read once.
    defaultValues: {
      text: target?.corrects && 'text' in target.corrects ? target.corrects.text : '',
      taken_at: toLocalInput(new Date()),
      meaning: '',
    },
  });
  const close = () => {
    form.reset();
    setToConfirm(null);
    props.onClose();
  };
  const signOff = useApiMutation({
    mutationFn: signOffLog,
    invalidates: [reportKeys.haccp],
    onSuccess: () => {
      toast.success(t('reports.haccp.log.signedToast'));
      close();
    },
  });
  const recordAction = useApiMutation({
    mutationFn: recordCorrectiveAction,
    invalidates: [reportKeys.haccp],
    onSuccess: () => {
      toast.success(t('reports.haccp.log.actionRecorded'));
      close();
    },
    showError: { form, shown: ['text', 'taken_at'] },
  });
  /** Signs with the proof; a refusal is shown in the confirmation dialog, which stays open. */
  const sign = async (reauthToken: string) => {
    if (target?.kind !== 'sign_off' || !toConfirm) return;
    await signOff.run({
      location_id: target.location_id,
      from: target.from,
      to: target.to,
      text: toConfirm.text || undefined,
      corrects_id: target.corrects?.id,
      meaning: toConfirm.meaning,
      reauth_token: reauthToken,
    });
  };
  const submit = form.handleSubmit(async (values) => {
    if (!target) return;
    if (target.kind === 'corrective_action' && values.text.trim() === '') {
      form.setError('text', { message: t('reports.haccp.log.textRequired') });
      return;
    }
    if (target.kind === 'sign_off') {
      const meaning = HACCP_SIGNATURE_MEANINGS.find((m) => m === values.meaning);
      if (!meaning) {
        form.setError('meaning', { message: t('reports.haccp.log.meaningRequired') });
        return;
      }
      setToConfirm({ ...values, meaning });
      return;
    }
    const e = target.excursion;
    await recordAction.run({
      location_id: e.location_id,
      controller_id: e.controller_id,
      point: e.point,
      excursion_start: e.start,
      text: values.text,
      taken_at: values.taken_at ? new Date(values.taken_at).toISOString() : undefined,
      corrects_id: target.corrects?.id,
    });
  });
  if (!target) return null;
  const title =
    target.kind === 'corrective_action'
      ? target.corrects
        ? t('reports.haccp.log.correctActionTitle', { id: target.corrects.id })
        : t('reports.haccp.log.actionTitle')
      : target.corrects
        ? t('reports.haccp.log.correctSignTitle', { id: target.corrects.id })
        : t('reports.haccp.log.signTitle');
  if (toConfirm) {
    return (
      <ReauthDialog
        open
        onClose={() => setToConfirm(null)}
        codeAllowed={(mfa.data?.factors.length ?? 0) > 0}
        passkeyAllowed={mfa.data?.factors.some((f) => f.kind === 'webauthn') ?? false}
        purpose="signature"
        title={t('reports.haccp.log.signReauthTitle')}
        intro={t('reports.haccp.log.signReauthBody', {
          name: user?.name ?? '',
          meaning: t(`reports.haccp.log.meanings.${toConfirm.meaning}`),
        })}
        onProof={sign}
      />
    );
  }
  return (
    <Modal open onClose={close} title={title}>
      <form onSubmit={(e) => void submit(e)} noValidate className="space-y-4">
        <p className="text-sm text-slate-700 dark:text-slate-200">
          {target.kind === 'corrective_action'
            ? t('reports.haccp.log.actionIntro', {
                case: `${target.excursion.controller_name} · ${haccpCaseLabel(target.excursion, t)}`,
                start: formatInZone(target.excursion.start, target.excursion.timezone),
              })
            : t('reports.haccp.log.signIntro', { from: formatDay(target.from), to: formatDay(target.to) })}
        </p>
        {target.kind === 'sign_off' && target.excursions ? <SignWarning summary={target.excursions} /> : null}
        <p className="text-sm text-slate-600 dark:text-slate-300">{t('reports.haccp.log.signedNote')}</p>
        <RootError message={form.formState.errors.root?.message} />
        {target.kind === 'sign_off' ? (
          <SelectInput
            label={t('reports.haccp.log.meaning')}
            reg={form.register('meaning')}
            error={errorOf(form.formState.errors, 'meaning')}
          >
            <option value="">{t('reports.haccp.log.meaningChoose')}</option>
            <Options values={HACCP_SIGNATURE_MEANINGS} label={(m) => t(`reports.haccp.log.meanings.${m}`)} />
          </SelectInput>
        ) : null}
        <TextArea
          label={
            target.kind === 'corrective_action' ? t('reports.haccp.log.actionText') : t('reports.haccp.log.statement')
          }
          maxLength={2000}
          reg={form.register('text')}
          error={errorOf(form.formState.errors, 'text')}
        />
        {target.kind === 'corrective_action' ? (
          <TextInput
            type="datetime-local"
            label={t('reports.haccp.log.takenAt')}
            reg={form.register('taken_at')}
            error={errorOf(form.formState.errors, 'taken_at')}
          />
        ) : null}
        <FormActions
          onCancel={close}
          submitting={form.formState.isSubmitting}
          label={target.kind === 'corrective_action' ? t('reports.haccp.log.record') : t('reports.haccp.log.sign')}
          busyLabel={t('reports.haccp.log.saving')}
        />
      </form>
    </Modal>
  );
}
