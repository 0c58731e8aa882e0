import type { MfaFactor, TotpCreated } from '@rcm/shared/mfa';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '@/components/page.tsx';
import { destructiveButton, secondaryButton } from '@/components/ui/button.ts';
import { Modal } from '@/components/ui/modal.tsx';
import { LabelledSection, Section } from '@/components/ui/section.tsx';
import { useAuth } from '@/lib/auth-store.ts';
import { formatDateTime } from '@/lib/format.ts';
import { createPasskey } from '@/lib/passkeys.ts';
import { toast } from '@/lib/toast.ts';
import { useApiMutation } from '@/lib/use-api-mutation.ts';
import { accountKeys } from '../api/keys.ts';
import {
  accountMfaQuery,
  passkeyRegistrationOptions,
  regenerateRecoveryCodes,
  registerPasskey,
  removeFactor,
  startTotp,
  verifyTotp,
} from '../api/mfa.ts';
import { PasskeyLabelForm } from './passkey-label.tsx';
import { ReauthDialog } from './reauth-dialog.tsx';
import { RecoveryCodesPanel } from './recovery-codes.tsx';
import { TotpSetup } from './totp-setup.tsx';

/** What the re-authentication dialog is confirming. */
type Pending =
  | { kind: 'add' }
  | { kind: 'passkey'; label: string }
  | { kind: 'remove'; factor: MfaFactor }
  | { kind: 'regenerate' }
  | null;

/** A factor of the list: its name, when it was added and last used, and its Remove button. */
function FactorItem(props: { factor: MfaFactor; onRemove: () => void }) {
  const { t } = useTranslation();
  const s = (key: string, options?: Record<string, unknown>) => t(`mfa.section.${key}`, options);
  const f = props.factor;
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 rounded-md border border-slate-200 p-3 dark:border-slate-700">
      <div className="text-sm">
        <span className="font-medium">{s(`kinds.${f.kind}`)}</span>
        {f.label !== s(`kinds.${f.kind}`) ? <span> · {f.label}</span> : null}
        <span className="block text-xs text-slate-600 dark:text-slate-300">
          {s('detail', {
            created: formatDateTime(f.created_at),
            used: f.last_used_at ? formatDateTime(f.last_used_at) : s('neverUsed'),
          })}
        </span>
      </div>
      <button
        type="button"
        className={destructiveButton}
        aria-label={`${s('remove')}: ${s(`kinds.${f.kind}`)} ${f.label}`}
        onClick={props.onRemove}
      >
        {s('remove')}
      </button>
    </li>
  );
}

/**
 * Account → Two-factor authentication: the person's authenticator apps, recovery codes left, and
 * their passkeys; adding an authenticator app or a passkey, removing a factor and making new
 * recovery codes, each behind a fresh re-authentication. Recovery codes are shown once, when made.
 * A passkey is named first, then the re-authentication, then the browser's ceremony creates it.
 */
export function MfaSection() {
  const { t } = useTranslation();
  const { user } = useAuth();
  const status = useQuery(accountMfaQuery());
  const [pending, setPending] = useState<Pending>(null);
  const [setup, setSetup] = useState<TotpCreated | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [naming, setNaming] = useState(false);
  const s = (key: string, options?: Record<string, unknown>) => t(`mfa.section.${key}`, options);
  const invalidates = [accountKeys.mfa];
  const addPasskey = useApiMutation({
    mutationFn: async ({ label, proof }: { label: string; proof: string }) => {
      const response = await createPasskey(await passkeyRegistrationOptions());
      return registerPasskey({ response, label, reauth_token: proof });
    },
    invalidates,
    onSuccess: (added) => {
      toast.success(t('mfa.passkeys.added'));
      if (added.recovery_codes) setCodes(added.recovery_codes);
    },
  });
  const remove = useApiMutation({
    mutationFn: ({ factor, proof }: { factor: MfaFactor; proof: string }) => removeFactor(factor.id, proof),
    invalidates,
    onSuccess: () => toast.success(s('removed')),
  });
  const regenerate = useApiMutation({
    mutationFn: regenerateRecoveryCodes,
    invalidates,
    onSuccess: (made) => {
      setCodes(made);
      toast.success(s('regenerated'));
    },
  });
  const verify = useApiMutation({
    mutationFn: ({ factorId, code }: { factorId: TotpCreated['factor_id']; code: string }) =>
      verifyTotp(factorId, code),
    invalidates,
    onSuccess: (verified) => {
      setSetup(null);
      toast.success(s('added'));
      if (verified.recovery_codes) setCodes(verified.recovery_codes);
    },
  });
  const data = status.data;
  const hasFactor = (data?.factors.length ?? 0) > 0;
  const apps = data?.factors.filter((f) => f.kind === 'totp') ?? [];
  const passkeys = data?.factors.filter((f) => f.kind === 'webauthn') ?? [];
  const passkeysAllowed = data?.allowed_methods.includes('webauthn') ?? false;

  const onProof = async (proof: string) => {
    const what = pending;
    if (!what) return;
    if (what.kind === 'add') {
      setSetup(await startTotp(proof));
    } else if (what.kind === 'passkey') {
      await addPasskey.run({ label: what.label, proof });
    } else if (what.kind === 'remove') {
      await remove.run({ factor: what.factor, proof });
    } else {
      await regenerate.run(proof);
    }
    setPending(null);
  };

  return (
    <Section id="mfa" title={s('title')}>
      <p className="text-sm text-slate-700 dark:text-slate-300">{s('intro')}</p>
      {data?.required ? <p className="mt-2 text-sm font-medium">{s('required')}</p> : null}
      {status.isPending || !data ? (
        <Spinner label={t('common.loading')} />
      ) : (
        <>
          {apps.length > 0 ? (
            <ul className="mt-3 space-y-2" aria-label={s('list')}>
              {apps.map((f) => (
                <FactorItem key={f.id} factor={f} onRemove={() => setPending({ kind: 'remove', factor: f })} />
              ))}
            </ul>
          ) : hasFactor ? null : (
            <p className="mt-3 text-sm">{s('none')}</p>
          )}
          {hasFactor ? (
            <p className="mt-3 text-sm" data-testid="recovery-codes-left">
              {s('codesLeft', { count: data.recovery_codes_left })}
            </p>
          ) : null}
          <div className="mt-3 flex flex-wrap gap-3">
            {data.allowed_methods.includes('totp') ? (
              <button type="button" className={secondaryButton} onClick={() => setPending({ kind: 'add' })}>
                {s('add')}
              </button>
            ) : null}
            {hasFactor ? (
              <button type="button" className={secondaryButton} onClick={() => setPending({ kind: 'regenerate' })}>
                {s('regenerate')}
              </button>
            ) : null}
          </div>
          {passkeysAllowed || passkeys.length > 0 ? (
            <LabelledSection
              id="passkeys-title"
              title={t('mfa.passkeys.title')}
              heading="h3"
              className="mt-5 border-t border-slate-200 pt-4 dark:border-slate-700"
              headingClassName="text-sm font-semibold"
            >
              <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">{t('mfa.passkeys.intro')}</p>
              {passkeys.length > 0 ? (
                <ul className="mt-3 space-y-2" aria-label={t('mfa.passkeys.list')}>
                  {passkeys.map((f) => (
                    <FactorItem key={f.id} factor={f} onRemove={() => setPending({ kind: 'remove', factor: f })} />
                  ))}
                </ul>
              ) : (
                <p className="mt-3 text-sm">{t('mfa.passkeys.none')}</p>
              )}
              {passkeysAllowed ? (
                <button type="button" className={`${secondaryButton} mt-3`} onClick={() => setNaming(true)}>
                  {t('mfa.passkeys.add')}
                </button>
              ) : null}
            </LabelledSection>
          ) : null}
        </>
      )}
      <Modal open={naming} onClose={() => setNaming(false)} title={t('mfa.passkeys.addTitle')}>
        <PasskeyLabelForm
          onCancel={() => setNaming(false)}
          onContinue={(label) => {
            setNaming(false);
            setPending({ kind: 'passkey', label });
          }}
        />
      </Modal>
      <ReauthDialog
        open={pending !== null}
        onClose={() => setPending(null)}
        codeAllowed={hasFactor}
        passkeyAllowed={passkeys.length > 0}
        onProof={onProof}
        {...(pending?.kind === 'remove'
          ? { title: s('removeTitle', { label: pending.factor.label }), body: s('removeBody') }
          : {})}
      />
      <Modal
        open={setup !== null || codes !== null}
        onClose={() => {
          setSetup(null);
          setCodes(null);
        }}
        title={codes ? s('regenerateTitle') : s('addTitle')}
      >
        {codes ? (
          <RecoveryCodesPanel codes={codes} email={user?.email ?? ''} onDone={() => setCodes(null)} />
        ) : setup ? (
          <TotpSetup
            created={setup}
            verify={async (code) => {
              await verify.run({ factorId: setup.factor_id, code });
            }}
          />
        ) : null}
      </Modal>
    </Section>
  );
}
