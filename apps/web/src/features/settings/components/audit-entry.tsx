import type { AuditChange, AuditEntry, AuditScalar, AuditValue } from '@rcm/shared/settings';
import i18next, { type TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { formatDateTime, formatDay, formatNumber } from '@/lib/format.ts';
import { listFormat, numberFormat } from '@/lib/intl.ts';
import { useSeededName } from '@/lib/seeded-names.ts';

/**
 * Where a code value's words live, by `{subject type}.{field}` or by field. A code without words
 * (a permission key, a refrigerant) reads as it is.
 */
const CODE_KEYS: Record<string, (value: string) => string> = {
  language: (v) => `organizations.languages.${v}`,
  priority: (v) => `jobs.priority.${v}`,
  severity: (v) => `severity.${v}`,
  comparator: (v) => `settings.alarmTypes.comparators.${v}`,
  availability: (v) => `inventory.availabilities.${v}`,
  warranty: (v) => `assets.warranties.${v}`,
  appliance_type: (v) => `refrigerant.appliance_${v}`,
  'purchase_order.status': (v) => `inventory.orders.statuses.${v}`,
  'job.status': (v) => `jobs.status.${v}`,
  'asset.type': (v) => `assets.types.${v}`,
  'inventory_item.type': (v) => `inventory.types.${v}`,
  'refrigerant_event.type': (v) => `refrigerant.type_${v}`,
  'job_category.source': (v) => `settings.jobCategories.sources.${v}`,
};

/** Prices are in US dollars (inventory and purchase orders). */
const MONEY_FIELDS = new Set(['unit_price', 'total']);

/** Kinds of record whose seeded names are shown in the reader's language. */
const SEEDED_KINDS = new Set(['role', 'job_category', 'team']);

function useWords(entry: AuditEntry) {
  const { t, i18n } = useTranslation();
  const seeded = useSeededName();
  const scalar = (field: string, v: AuditScalar): string => {
    switch (v.kind) {
      case 'text':
        return v.text;
      case 'name':
        return SEEDED_KINDS.has(v.of) ? seeded(v.of, v.name) : v.name;
      case 'flag':
        return t(v.value ? 'audit.yes' : 'audit.no');
      case 'number':
        return MONEY_FIELDS.has(field)
          ? numberFormat(i18n.language, { style: 'currency', currency: 'USD' }).format(v.value)
          : formatNumber(v.value, 2);
      case 'date':
        return formatDay(v.value);
      case 'time':
        return formatDateTime(v.value);
      case 'code': {
        const key = (CODE_KEYS[`${entry.subject_type}.${field}`] ?? CODE_KEYS[field])?.(v.value);
        return key ? t(key, { defaultValue: v.value }) : v.value;
      }
    }
  };
  const list = (items: string[]) => listFormat(i18n.language, { type: 'conjunction' }).format(items);
  const value = (field: string, v: AuditValue): string =>
    v.kind === 'list' ? list(v.items.map((i) => scalar(field, i))) : scalar(field, v);
  const fieldName = (field: string) =>
    t(`audit.fields.${field}`, { defaultValue: field.replace(/_ids?$/, '').replace(/_/g, ' ') });
  const subject = () => {
    if (entry.subject_name)
      return SEEDED_KINDS.has(entry.subject_type) ? seeded(entry.subject_type, entry.subject_name) : entry.subject_name;
    return entry.subject_id ? t('audit.unnamed', { id: entry.subject_id }) : '';
  };
  return { t, value, fieldName, subject };
}

/** One change as a sentence: "Role changed from Technician to Manager". */
function changeLine(words: ReturnType<typeof useWords>, c: AuditChange, oneSided: boolean): string[] {
  const { t, value, fieldName } = words;
  const field = fieldName(c.field);
  if (oneSided) {
    const v = c.after ?? c.before;
    return v ? [t('audit.value', { field, value: value(c.field, v) })] : [];
  }
  if (c.before?.kind === 'list' || c.after?.kind === 'list') {
    const items = (v: AuditValue | null) =>
      v === null ? [] : v.kind === 'list' ? v.items.map((i) => value(c.field, i)) : [value(c.field, v)];
    const before = items(c.before);
    const after = items(c.after);
    const added = after.filter((x) => !before.includes(x));
    const removed = before.filter((x) => !after.includes(x));
    const join = (xs: string[]) => value(c.field, { kind: 'list', items: xs.map((x) => ({ kind: 'text', text: x })) });
    return [
      ...(added.length ? [t('audit.added', { field, items: join(added) })] : []),
      ...(removed.length ? [t('audit.removed', { field, items: join(removed) })] : []),
    ];
  }
  if (c.before && c.after)
    return [t('audit.changed', { field, before: value(c.field, c.before), after: value(c.field, c.after) })];
  if (c.after) return [t('audit.set', { field, after: value(c.field, c.after) })];
  return c.before ? [t('audit.cleared', { field, before: value(c.field, c.before) })] : [];
}

/** The sentence of an action (`audit.actions.{area}.{verb}`), its fields available as variables. */
function actionSentence(t: TFunction, action: string, vars: Record<string, string>): string {
  const key = `audit.actions.${action}`;
  return i18next.exists(key) ? t(key, vars) : t('audit.unknownAction', { action, subject: vars.subject ?? '' });
}

/** The fields an action's sentence already names (`{{created}}`): not listed again below it. */
function sentenceFields(action: string): Set<string> {
  const raw = String(i18next.getResource(i18next.language, 'translation', `audit.actions.${action}`) ?? '');
  return new Set([...raw.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1] ?? ''));
}

/** An action's name for the filter: its sentence with the subject and counts left out. */
export function actionLabel(t: TFunction, action: string): string {
  const key = `audit.actions.${action}`;
  if (!i18next.exists(key)) return action;
  return t(key, { subject: '…', created: '…', updated: '…' });
}

/** What happened, in words: the action's sentence, then each change. */
export function AuditWhat(props: { entry: AuditEntry }) {
  const words = useWords(props.entry);
  const { entry } = props;
  const vars: Record<string, string> = { subject: words.subject() };
  for (const c of entry.changes) {
    const v = c.after ?? c.before;
    if (v) vars[c.field] = words.value(c.field, v);
  }
  const oneSided = entry.changes.every((c) => c.before === null) || entry.changes.every((c) => c.after === null);
  const named = sentenceFields(entry.action);
  const lines = entry.changes.filter((c) => !named.has(c.field)).flatMap((c) => changeLine(words, c, oneSided));
  return (
    <div>
      <p className="font-medium">{actionSentence(words.t, entry.action, vars)}</p>
      {lines.length > 0 ? (
        <ul className="mt-1 space-y-0.5 text-xs text-slate-700 dark:text-slate-300">
          {lines.map((line, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: lines are derived text, fixed per entry
            <li key={i} className="whitespace-pre-line break-words">
              {line}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
