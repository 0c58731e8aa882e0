import type { MfaFactor, TotpCreated } from '@rcm/shared/mfa';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../components/page.tsx';
import { destructiveButton, secondaryButton } from '../../components/ui/button.ts';
import { Modal } from '../../components/ui/modal.tsx';
import { Section } from '../../components/ui/section.tsx';
import { useAuth } from '../../lib/auth-store.ts';
import { formatDateTime } from '../../lib/format.ts';
import { toast } from '../../lib/toast.ts';
import { accountKeys } from './api/keys.ts';
import { accountMfaQuery, regenerateRecoveryCodes, removeFactor, startTotp, verifyTotp } from './api/mfa.ts';
import { ReauthDialog } from './reauth-dialog.tsx';
import { RecoveryCodesPanel } from './recovery-codes.tsx';
import { TotpSetup } from './totp-setup.tsx';

/** What the re-authentication dialog is confirming. */
type Pending = { kind: 'add' } | { kind: 'remove'; factor: MfaFactor } | { kind: 'regenerate' } | null;

/**
 * Account → Two-factor authentication: the person's factors, recovery codes left, and adding an
 * authenticator app, removing a factor and making new recovery codes, each behind a fresh
 * re-authentication. Recovery codes are shown once, when made.
 */
export function MfaSection() {
  const { t } = useTranslation();
  const { user } = useAuth();
  const client = useQueryClient();
  const status = useQuery(accountMfaQuery());
  const [pending, setPending] = useState<Pending>(null);
  const [setup, setSetup] = useState<TotpCreated | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const refresh = () => client.invalidateQueries({ queryKey: accountKeys.mfa });
  const s = (key: string, options?: Record<string, unknown>) => t(`mfa.section.${key}`, options);
  const data = status.data;
  const hasFactor = (data?.factors.length ?? 0) > 0;

  const onProof = async (proof: string) => {
    const what = pending;
    if (!what) return;
    if (what.kind === 'add') {
      setSetup(await startTotp(proof));
    } else if (what.kind === 'remove') {
      await removeFactor(what.factor.id, proof);
      await refresh();
      toast.success(s('removed'));
    } else {
      setCodes(await regenerateRecoveryCodes(proof));
      await refresh();
      toast.success(s('regenerated'));
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
          {hasFactor ? (
            <ul className="mt-3 space-y-2" aria-label={s('list')}>
              {data.factors.map((f) => (
                <li
                  key={f.id}
                  className="flex flex-wrap items-center justify-between gap-3 rounded-md border border-slate-200 p-3 dark:border-slate-700"
                >
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
                    onClick={() => setPending({ kind: 'remove', factor: f })}
                  >
                    {s('remove')}
                  </button>
                </li>
              ))}
            </ul>
          ) : (
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
        </>
      )}
      <ReauthDialog
        open={pending !== null}
        onClose={() => setPending(null)}
        codeAllowed={hasFactor}
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
              const verified = await verifyTotp(setup.factor_id, code);
              setSetup(null);
              await refresh();
              toast.success(s('added'));
              if (verified.recovery_codes) setCodes(verified.recovery_codes);
            }}
          />
        ) : null}
      </Modal>
    </Section>
  );
}
