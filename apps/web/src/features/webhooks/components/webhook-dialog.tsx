import { LOCALES } from '@rcm/shared/locale';
import { WEBHOOK_EVENTS, WEBHOOK_KINDS, type Webhook, type WebhookBody, webhookBody } from '@rcm/shared/webhooks';
import { useQuery } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { primaryButton, secondaryButton } from '@/components/ui/button.ts';
import {
  applyServerErrors,
  CheckboxInput,
  FieldError,
  Options,
  RootError,
  SelectInput,
  TextInput,
} from '@/components/ui/form.tsx';
import { Modal } from '@/components/ui/modal.tsx';
import { OwnerSelect, organizationOptionsQuery } from '@/features/settings/index.ts';
import { useAuth } from '@/lib/auth-store.ts';
import { formBody, formResolver } from '@/lib/form-errors.ts';
import { userCan } from '@/lib/user-can.ts';

type Values = {
  name: string;
  url: string;
  kind: WebhookBody['kind'];
  organization_id: string;
  events: string[];
  enabled: boolean;
  locale: string;
};

// The form holds strings; the API's own schema validates what they become.
const formSchema = formBody(
  (f: Values) => ({ ...f, organization_id: f.organization_id ? Number(f.organization_id) : null }),
  webhookBody,
);

const valuesOf = (w: Webhook | null, organizationId: string, locale: string): Values => ({
  name: w?.name ?? '',
  url: w?.url ?? '',
  kind: w?.kind ?? 'slack',
  organization_id: w ? (w.organization_id === null ? '' : String(w.organization_id)) : organizationId,
  events: w?.events ?? ['alarm.raised', 'alarm.escalated'],
  enabled: w?.enabled ?? true,
  locale: w?.locale ?? locale,
});

/** Creating or editing a webhook: name, address, kind, owner, events, language, enabled. */
export function WebhookDialog(props: {
  webhook: Webhook | null;
  open: boolean;
  onClose: () => void;
  onSave: (body: WebhookBody) => Promise<void>;
}) {
  const { t } = useTranslation();
  const { user: me } = useAuth();
  const global = userCan(me, 'shared.edit');
  const orgs = useQuery({ ...organizationOptionsQuery(), retry: false, enabled: props.open });
  const loadedOrgs = orgs.data ?? (me ? [me.organisation] : []);
  const form = useForm<Values, unknown, WebhookBody>({
    values: valuesOf(props.webhook, global ? '' : String(me?.organisation.id ?? ''), me?.language.locale ?? 'en-US'),
    resolver: formResolver(formSchema, t),
  });
  const { errors, isSubmitting } = form.formState;
  const w = (key: string) => t(`settings.webhooks.${key}`);
  const submit = form.handleSubmit(async (body) => {
    try {
      await props.onSave(body);
    } catch (err) {
      applyServerErrors(form, err, t('errors.network'));
    }
  });
  return (
    <Modal
      open={props.open}
      onClose={props.onClose}
      title={props.webhook ? t('settings.webhooks.editTitle', { name: props.webhook.name }) : w('newTitle')}
    >
      <form onSubmit={submit} noValidate className="space-y-4">
        <RootError message={errors.root?.message} />
        <TextInput reg={form.register('name')} label={w('name')} error={errors.name?.message} />
        <TextInput
          reg={form.register('url')}
          type="url"
          label={w('url')}
          hint={w('urlHint')}
          error={errors.url?.message}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <SelectInput reg={form.register('kind')} label={w('kind')} error={errors.kind?.message}>
            <Options values={WEBHOOK_KINDS} label={(k) => t(`settings.webhooks.kinds.${k}`)} />
          </SelectInput>
          <SelectInput reg={form.register('locale')} label={w('language')} error={errors.locale?.message}>
            <Options values={LOCALES} label={(l) => t(`settings.webhooks.languages.${l}`)} />
          </SelectInput>
        </div>
        <OwnerSelect
          reg={form.register('organization_id')}
          label={w('organization')}
          hint={w('organizationHint')}
          error={errors.organization_id?.message}
          shared={global ? { label: w('allOrganizations') } : null}
          options={loadedOrgs}
        />
        <fieldset aria-describedby={errors.events ? 'webhook-events-error' : undefined}>
          <legend className="text-sm font-medium">{w('events')}</legend>
          <div className="mt-2 grid gap-2 sm:grid-cols-2">
            {WEBHOOK_EVENTS.map((e) => (
              <label key={e} className="flex items-center gap-2 text-sm">
                <input type="checkbox" value={e} className="size-4" {...form.register('events')} />
                {t(`settings.webhooks.eventNames.${e.replace('alarm.', '')}`)}
              </label>
            ))}
          </div>
          <FieldError id="webhook-events-error" message={errors.events?.message} />
        </fieldset>
        <CheckboxInput reg={form.register('enabled')} label={w('enabled')} />
        <div className="flex flex-wrap justify-end gap-3">
          <button type="button" onClick={props.onClose} className={secondaryButton}>
            {t('common.cancel')}
          </button>
          <button type="submit" disabled={isSubmitting} className={primaryButton}>
            {isSubmitting ? t('settings.saving') : props.webhook ? w('save') : w('create')}
          </button>
        </div>
      </form>
    </Modal>
  );
}
