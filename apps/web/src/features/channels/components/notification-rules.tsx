import {
  type ContactMethod,
  MAX_RULE_DELAY_MINUTES,
  MAX_RULES,
  type NotificationRule,
  type NotificationRuleView,
} from '@rcm/shared/channels';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { dangerButton, secondaryButton } from '@/components/ui/button.ts';
import { Input, RootError, Select } from '@/components/ui/form.tsx';
import { SubmitButton } from '@/components/ui/form-actions.tsx';
import { ApiError, failureMessage } from '@/lib/api-client.ts';
import { toast } from '@/lib/toast.ts';
import { contactMethodsQuery, rulesQuery, saveRules } from '../api/channels.ts';
import { ChannelReadsSection } from './channel-reads-section.tsx';

type Row = { key: number; method: string; delay: string };

const methodValue = (m: NotificationRule['method']) => (typeof m === 'string' ? m : `contact:${m.contact_method_id}`);
const methodOf = (value: string): NotificationRule['method'] =>
  value.startsWith('contact:') ? { contact_method_id: Number(value.slice(8)) } : (value as 'email' | 'push');

function RulesForm(props: { initial: NotificationRuleView[]; methods: ContactMethod[] }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const nextKey = useRef(props.initial.length);
  const [rows, setRows] = useState<Row[]>(
    props.initial.map((r, key) => ({ key, method: methodValue(r.method), delay: String(r.delay_minutes) })),
  );
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [root, setRoot] = useState<string | undefined>();
  const [saving, setSaving] = useState(false);
  const update = (key: number, patch: Partial<Row>) =>
    setRows((rs) => rs.map((r) => (r.key === key ? { ...r, ...patch } : r)));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSaving(true);
    setErrors({});
    setRoot(undefined);
    try {
      const saved = await saveRules(rows.map((r) => ({ method: methodOf(r.method), delay_minutes: Number(r.delay) })));
      queryClient.setQueryData(rulesQuery().queryKey, saved);
      toast.success(t('channels.rules.saved'));
    } catch (err) {
      if (err instanceof ApiError && err.fields.length > 0) {
        setErrors(Object.fromEntries(err.fields.map((f) => [f.field, f.message])));
        if (err.fields.some((f) => !/^\d+\./.test(f.field))) setRoot(err.message);
      } else setRoot(failureMessage(err, t('errors.network')));
    } finally {
      setSaving(false);
    }
  };

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <p className="text-sm text-slate-600 dark:text-slate-300">{t('channels.rules.intro')}</p>
      <RootError message={root} />
      <ol className="space-y-3">
        {rows.map((row, i) => (
          <li
            key={row.key}
            className="grid gap-3 rounded-md border border-slate-200 p-3 sm:grid-cols-[1fr_9rem_auto] sm:items-end dark:border-slate-700"
          >
            <Select
              label={t('channels.rules.method', { n: i + 1 })}
              error={errors[`${i}.method`]}
              value={row.method}
              onChange={(e) => update(row.key, { method: e.target.value })}
            >
              <option value="email">{t('channels.type.email')}</option>
              <option value="push">{t('channels.type.push')}</option>
              {props.methods.map((m) => (
                <option key={m.id} value={`contact:${m.id}`}>
                  {t(`channels.type.${m.type}`)} {m.address}
                  {m.verified ? '' : ` (${t('channels.methods.unverified')})`}
                </option>
              ))}
            </Select>
            <Input
              label={t('channels.rules.delay')}
              error={errors[`${i}.delay_minutes`]}
              type="number"
              min={0}
              max={MAX_RULE_DELAY_MINUTES}
              inputMode="numeric"
              value={row.delay}
              onChange={(e) => update(row.key, { delay: e.target.value })}
            />
            <button
              type="button"
              className={`${dangerButton} sm:mb-0.5`}
              disabled={rows.length <= 1}
              onClick={() => setRows((rs) => rs.filter((r) => r.key !== row.key))}
              aria-label={t('channels.rules.removeRule', { n: i + 1 })}
            >
              {t('channels.rules.remove')}
            </button>
          </li>
        ))}
      </ol>
      <div className="flex flex-wrap gap-3">
        <button
          type="button"
          className={secondaryButton}
          disabled={rows.length >= MAX_RULES}
          onClick={() => setRows((rs) => [...rs, { key: nextKey.current++, method: 'email', delay: '5' }])}
        >
          {t('channels.rules.add')}
        </button>
        <SubmitButton submitting={saving} label={t('channels.rules.save')} busyLabel={t('channels.rules.saving')} />
      </div>
    </form>
  );
}

/** The account page's notification rules (GET/PUT /api/account/notification-rules). */
export function NotificationRulesSection() {
  const { t } = useTranslation();
  const rules = useQuery(rulesQuery());
  const methods = useQuery(contactMethodsQuery());
  return (
    <ChannelReadsSection title={t('channels.rules.title')} id="notification-rules" reads={[rules, methods]}>
      {(initial, methodList) => (
        <RulesForm
          key={JSON.stringify([initial, methodList.map((m) => [m.id, m.verified])])}
          initial={initial}
          methods={methodList}
        />
      )}
    </ChannelReadsSection>
  );
}
