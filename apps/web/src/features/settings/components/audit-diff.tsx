import { auditDiff } from '@rcm/shared/settings';
import { useTranslation } from 'react-i18next';

/** Before/after of one audit entry, field by field; only what changed. */
export function AuditDiff(props: { before: unknown; after: unknown }) {
  const { t } = useTranslation();
  const rows = auditDiff(props.before, props.after);
  if (rows.length === 0)
    return <span className="text-slate-600 dark:text-slate-300">{t('settings.audit.noChanges')}</span>;
  return (
    <table className="text-xs">
      <thead className="sr-only">
        <tr>
          <th>{t('settings.audit.field')}</th>
          <th>{t('settings.audit.before')}</th>
          <th>{t('settings.audit.after')}</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => (
          <tr key={r.field}>
            <th scope="row" className="pr-2 text-left font-mono font-medium">
              {r.field}
            </th>
            <td className="pr-2">
              {r.before ? (
                <del className="bg-red-50 text-red-900 dark:bg-red-950 dark:text-red-100">{r.before}</del>
              ) : null}
            </td>
            <td>
              {r.after ? (
                <ins className="bg-emerald-50 text-emerald-900 no-underline dark:bg-emerald-950 dark:text-emerald-100">
                  {r.after}
                </ins>
              ) : null}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
