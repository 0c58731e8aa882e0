import { SUPPORT_GRANT_MAX_DAYS, type SupportGrantBody, supportGrantBody } from '@rcm/shared/support-grants';
import { useQuery } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { errorOf, Options, SelectInput, TextArea } from '@/components/ui/form.tsx';
import { FormDialog } from '@/components/ui/form-dialog.tsx';
import { formResolver } from '@/lib/form-errors.ts';
import { toast } from '@/lib/toast.ts';
import { organizationKeys } from '../api/keys.ts';
import { createSupportGrant, supportGranteesQuery } from '../api/support-grants.ts';

const DAY_MS = 86_400_000;
const LIFETIMES = [1, 7, 14, SUPPORT_GRANT_MAX_DAYS] as const;

type FormValues = {
  kind: 'organization' | 'user';
  grantee_organization_id: string;
  grantee_user_id: string;
  days: string;
  reason: string;
  /** Only to show the server's refusal of the expiry. */
  expires_at: string;
};

// The form holds strings; the API's own schema validates what they become.
const formSchema = z.preprocess((v) => {
  const f = v as FormValues;
  const id = (text: string) => (text ? Number(text) : undefined);
  return {
    grantee_organization_id: f.kind === 'organization' ? id(f.grantee_organization_id) : undefined,
    grantee_user_id: f.kind === 'user' ? id(f.grantee_user_id) : undefined,
    expires_at: new Date(Date.now() + Number(f.days) * DAY_MS).toISOString(),
    reason: f.reason,
  };
}, supportGrantBody);

const EMPTY: FormValues = {
  kind: 'organization',
  grantee_organization_id: '',
  grantee_user_id: '',
  days: '7',
  reason: '',
  expires_at: '',
};

/** "Grant access": to another organization or one of its people, for a while (at most 30 days), with a reason. */
export function SupportGrantDialog(props: { open: boolean; organizationId: number; onClose: () => void }) {
  const { t } = useTranslation();
  const k = (key: string, values?: Record<string, unknown>) => t(`organizations.supportAccess.${key}`, values);
  const grantees = useQuery({ ...supportGranteesQuery(props.organizationId), enabled: props.open });
  const form = useForm<FormValues, unknown, SupportGrantBody>({
    defaultValues: EMPTY,
    resolver: formResolver(formSchema, t),
  });
  const { errors } = form.formState;
  const kind = form.watch('kind');
  const close = () => {
    form.reset(EMPTY);
    props.onClose();
  };
  const granteeError = errorOf(errors, 'grantee_user_id') ?? errorOf(errors, 'grantee_organization_id');

  return (
    <FormDialog
      open={props.open}
      onClose={close}
      title={k('grantTitle')}
      form={form}
      save={(body) => createSupportGrant(props.organizationId, body)}
      invalidates={[organizationKeys.supportGrants(props.organizationId)]}
      onSaved={() => toast.success(k('granted'))}
      submitLabel={k('grant')}
      busyLabel={k('granting')}
      intro={<p className="text-sm text-slate-700 dark:text-slate-300">{k('grantIntro')}</p>}
    >
      <SelectInput label={k('granteeKind')} reg={form.register('kind')}>
        <option value="organization">{k('kinds.organization')}</option>
        <option value="user">{k('kinds.user')}</option>
      </SelectInput>
      {kind === 'organization' ? (
        <SelectInput
          key="organization"
          label={k('granteeOrganizationLabel')}
          reg={form.register('grantee_organization_id')}
          error={granteeError}
        >
          <option value="">{k('choose')}</option>
          {(grantees.data?.organizations ?? []).map((o) => (
            <option key={o.id} value={o.id}>
              {o.name}
            </option>
          ))}
        </SelectInput>
      ) : (
        <SelectInput
          key="user"
          label={k('granteeUserLabel')}
          reg={form.register('grantee_user_id')}
          error={granteeError}
        >
          <option value="">{k('choose')}</option>
          {(grantees.data?.users ?? []).map((u) => (
            <option key={u.id} value={u.id}>
              {u.name} · {u.email} · {u.organization.name}
            </option>
          ))}
        </SelectInput>
      )}
      <SelectInput label={k('lifetime')} reg={form.register('days')} error={errorOf(errors, 'expires_at')}>
        <Options values={LIFETIMES} label={(d) => k('days', { count: d })} />
      </SelectInput>
      <TextArea
        label={k('reason')}
        hint={k('reasonHint')}
        maxLength={500}
        reg={form.register('reason')}
        error={errorOf(errors, 'reason')}
      />
    </FormDialog>
  );
}
