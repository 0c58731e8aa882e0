import { CONTACT_METHOD_TYPES, type ContactMethod, type ContactMethodType } from '@rcm/shared/channels';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { primaryButton, secondaryButton } from '@/components/ui/button.ts';
import { ConfirmButton } from '@/components/ui/confirm-dialog.tsx';
import { Input, Options, RootError, Select } from '@/components/ui/form.tsx';
import { ApiError, failureMessage } from '@/lib/api-client.ts';
import { useAuth } from '@/lib/auth-store.ts';
import { formatDateTime } from '@/lib/format.ts';
import { toast } from '@/lib/toast.ts';
import { useApiMutation } from '@/lib/use-api-mutation.ts';
import { userCan } from '@/lib/user-can.ts';
import {
  addContactMethod,
  channelsQuery,
  contactMethodsQuery,
  removeContactMethod,
  resendCode,
  verifyContactMethod,
} from '../api/channels.ts';
import { channelKeys } from '../api/keys.ts';
import { ChannelReadsSection } from './channel-reads-section.tsx';

/** A call's errors as one field's message (else the form's). */
function fieldOf(err: unknown, field: string): string | undefined {
  return err instanceof ApiError ? err.fields.find((f) => f.field === field)?.message : undefined;
}

function VerifyForm(props: { method: ContactMethod }) {
  const { t } = useTranslation();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();
  const verify = useApiMutation({
    mutationFn: (value: string) => verifyContactMethod(props.method.id, value),
    invalidates: [channelKeys.account],
    onSuccess: () => toast.success(t('channels.methods.verified')),
  });
  const resending = useApiMutation({
    mutationFn: () => resendCode(props.method.id),
    invalidates: [channelKeys.account],
    onSuccess: () => toast.success(t('channels.methods.resent')),
  });
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(undefined);
    try {
      await verify.run(code);
    } catch (err) {
      setError(fieldOf(err, 'code') ?? failureMessage(err, t('errors.network')));
    }
  };
  const resend = async () => {
    setError(undefined);
    try {
      await resending.run();
    } catch (err) {
      setError(fieldOf(err, 'address') ?? failureMessage(err, t('errors.network')));
    }
  };
  return (
    <form onSubmit={submit} noValidate className="mt-3 flex flex-wrap items-end gap-3">
      <div className="w-40">
        <Input
          label={t('channels.methods.code')}
          error={error}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          value={code}
          onChange={(e) => setCode(e.target.value)}
        />
      </div>
      <button type="submit" disabled={verify.isPending} className={primaryButton}>
        {t('channels.methods.verify')}
      </button>
      <button type="button" onClick={() => void resend()} className={secondaryButton}>
        {t('channels.methods.resend')}
      </button>
    </form>
  );
}

function AddMethodForm(props: { types: ContactMethodType[] }) {
  const { t } = useTranslation();
  const [type, setType] = useState<ContactMethodType>(props.types[0] ?? 'sms');
  const [address, setAddress] = useState('');
  const [errors, setErrors] = useState<{ address?: string; type?: string; root?: string }>({});
  const add = useApiMutation({
    mutationFn: addContactMethod,
    invalidates: [channelKeys.account],
    onSuccess: () => {
      setAddress('');
      toast.success(t('channels.methods.codeSent'));
    },
  });
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setErrors({});
    try {
      await add.run({ type, address });
    } catch (err) {
      const address = fieldOf(err, 'address');
      const typeError = fieldOf(err, 'type');
      setErrors(
        address || typeError ? { address, type: typeError } : { root: failureMessage(err, t('errors.network')) },
      );
    }
  };
  return (
    <form onSubmit={submit} noValidate className="mt-4 space-y-3 border-t border-slate-200 pt-4 dark:border-slate-700">
      <h3 className="text-sm font-semibold">{t('channels.methods.add')}</h3>
      <RootError message={errors.root} />
      <div className="grid gap-3 sm:grid-cols-[10rem_1fr_auto] sm:items-end">
        <Select
          label={t('channels.methods.type')}
          error={errors.type}
          value={type}
          onChange={(e) => setType(e.target.value as ContactMethodType)}
        >
          <Options values={props.types} label={(k) => t(`channels.type.${k}`)} />
        </Select>
        <Input
          label={t('channels.methods.number')}
          error={errors.address}
          hint={t('channels.methods.numberHint')}
          type="tel"
          autoComplete="tel"
          placeholder="+1 312 555 0100"
          value={address}
          onChange={(e) => setAddress(e.target.value)}
        />
        <button type="submit" disabled={add.isPending} className={`${primaryButton} sm:mb-0.5`}>
          {t('channels.methods.sendCode')}
        </button>
      </div>
    </form>
  );
}

/** The account page's phone numbers: SMS and calls, each verified by a code before it pages. */
export function ContactMethodsSection() {
  const { t } = useTranslation();
  const channels = useQuery(channelsQuery());
  const methods = useQuery(contactMethodsQuery());
  const types = CONTACT_METHOD_TYPES.filter((k) => channels.data?.[k]);
  // Paging reaches people who see alarms: only they are sent codes (the server refuses the rest).
  const { user } = useAuth();
  const pageable = userCan(user, 'alarm.view');
  const remove = useApiMutation({ mutationFn: removeContactMethod, invalidates: [channelKeys.account] });
  return (
    <ChannelReadsSection title={t('channels.methods.title')} id="contact-methods" reads={[methods, channels]}>
      {(methodList) => (
        <>
          {methodList.length === 0 ? (
            <p className="text-sm text-slate-600 dark:text-slate-300">{t('channels.methods.none')}</p>
          ) : (
            <ul className="divide-y divide-slate-200 dark:divide-slate-700">
              {methodList.map((m) => (
                <li key={m.id} className="py-3">
                  <div className="flex flex-wrap items-center justify-between gap-3">
                    <div className="text-sm">
                      <span className="font-medium">{t(`channels.type.${m.type}`)}</span>{' '}
                      <span className="font-mono">{m.address}</span>{' '}
                      <span
                        className={`ml-1 rounded-full px-2 py-0.5 text-xs font-medium ${m.verified ? 'bg-emerald-100 text-emerald-900 dark:bg-emerald-900 dark:text-emerald-50' : 'bg-amber-100 text-amber-950 dark:bg-amber-900 dark:text-amber-50'}`}
                      >
                        {m.verified ? t('channels.methods.isVerified') : t('channels.methods.unverified')}
                      </span>
                      {!m.verified && m.code_expires_at ? (
                        <span className="block text-xs text-slate-600 dark:text-slate-300">
                          {t('channels.methods.codeUntil', { at: formatDateTime(m.code_expires_at) })}
                        </span>
                      ) : null}
                    </div>
                    <ConfirmButton
                      label={t('channels.methods.remove')}
                      title={t('channels.methods.removeTitle', { number: m.address })}
                      body={t('channels.methods.removeBody')}
                      destructive
                      onConfirm={() => remove.run(m.id)}
                    />
                  </div>
                  {m.verified ? null : <VerifyForm method={m} />}
                </li>
              ))}
            </ul>
          )}
          {!pageable ? (
            <p className="mt-3 text-sm text-slate-600 dark:text-slate-300">{t('channels.methods.notPageable')}</p>
          ) : types.length > 0 ? (
            <AddMethodForm types={types} />
          ) : (
            <p className="mt-3 text-sm text-slate-600 dark:text-slate-300">{t('channels.methods.unavailable')}</p>
          )}
        </>
      )}
    </ChannelReadsSection>
  );
}
