import type { ExportFormat, ReportName } from '@rcm/shared/reports';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { filterClass } from '@/components/form-field.tsx';
import { Page } from '@/components/page.tsx';
import { FilterSelect } from '@/components/ui/filter-controls.tsx';
import { ApiError } from '@/lib/api-client.ts';
import { type ReportSearch, reportSearch } from '../api/report-search.ts';
import { downloadReport, type ReportFilters, reportLocationsQuery } from '../api/reports.ts';
import { defaultRange } from './format.ts';
import { reportLinkClass } from './report-parts.tsx';

/** The reports' routes: their search params are validated by `reportSearch`. */
export type ReportPath =
  | '/reports/uri_purchase_orders'
  | '/reports/rack_manually_on'
  | '/reports/haccp'
  | '/reports/alarm_response'
  | '/reports/refrigerant'
  | '/reports/alarm_management'
  | '/reports/case_performance';

/** The report's filters from the URL, with the last 30 days when none are given. */
export function useReportFilters(from: ReportPath): [ReportFilters, (patch: Partial<ReportFilters>) => void] {
  // The route's search also holds the URL's other params: only the validated ones are filters.
  const search = reportSearch(useSearch({ from }));
  const navigate = useNavigate({ from });
  const range = defaultRange();
  const filters: ReportFilters = { ...search, from: search.from ?? range.from, to: search.to ?? range.to };
  const update = (patch: Partial<ReportFilters>) =>
    void navigate({
      to: '.',
      search: (prev) => {
        const next: Record<string, unknown> = {
          ...prev,
          from: filters.from,
          to: filters.to,
          page: undefined,
          ...patch,
        };
        for (const k of Object.keys(next)) if (next[k] === undefined || next[k] === '') delete next[k];
        return next as ReportSearch;
      },
    });
  return [filters, update];
}

/** Date range and location, applied together from a form (dates are typed, so not on every key). */
function RangeFilters(props: {
  filters: ReportFilters;
  update: (p: Partial<ReportFilters>) => void;
  fields?: ReactNode;
}) {
  const { t } = useTranslation();
  const { filters, update } = props;
  const locations = useQuery(reportLocationsQuery());
  const [from, setFrom] = useState(filters.from);
  const [to, setTo] = useState(filters.to);
  const [shown, setShown] = useState({ from: filters.from, to: filters.to });
  // Follow the URL when it changes (back button, a link).
  if (shown.from !== filters.from || shown.to !== filters.to) {
    setShown({ from: filters.from, to: filters.to });
    setFrom(filters.from);
    setTo(filters.to);
  }
  const orgs = new Set((locations.data ?? []).map((l) => l.organization_name));
  return (
    <form
      className="flex flex-wrap items-end gap-3"
      aria-label={t('reports.filters')}
      onSubmit={(e) => {
        e.preventDefault();
        update({ from, to });
      }}
    >
      <label className="block">
        <span className="block text-xs font-medium text-slate-600 dark:text-slate-300">{t('reports.from')}</span>
        <input type="date" required value={from} onChange={(e) => setFrom(e.target.value)} className={filterClass} />
      </label>
      <label className="block">
        <span className="block text-xs font-medium text-slate-600 dark:text-slate-300">{t('reports.to')}</span>
        <input type="date" required value={to} onChange={(e) => setTo(e.target.value)} className={filterClass} />
      </label>
      <button
        type="submit"
        className="rounded-md bg-blue-700 px-3 py-1.5 text-sm font-semibold text-white hover:bg-blue-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700"
      >
        {t('reports.apply')}
      </button>
      <FilterSelect
        label={t('reports.location')}
        value={String(filters.location_id ?? '')}
        onChange={(v) => update({ location_id: v ? Number(v) : undefined })}
        options={[
          ['', t('reports.allLocations')],
          ...(locations.data ?? []).map(
            (l) => [String(l.id), orgs.size > 1 ? `${l.organization_name} — ${l.name}` : l.name] as [string, string],
          ),
        ]}
      />
      {props.fields}
    </form>
  );
}

/** CSV and PDF buttons; a long export shows its progress and can be followed by screen readers. */
function ExportButtons(props: { name: ReportName; filters: ReportFilters }) {
  const { t } = useTranslation();
  const [state, setState] = useState<
    | { kind: 'idle' }
    | { kind: 'running'; format: ExportFormat; received: number; total: number | null }
    | { kind: 'done'; file: string }
    | { kind: 'error'; message: string }
  >({ kind: 'idle' });
  const run = async (format: ExportFormat) => {
    setState({ kind: 'running', format, received: 0, total: null });
    try {
      const file = await downloadReport(props.name, props.filters, format, (p) =>
        setState({ kind: 'running', format, ...p }),
      );
      setState({ kind: 'done', file });
    } catch (e) {
      setState({
        kind: 'error',
        message: e instanceof ApiError && e.status !== 0 ? e.message : t('reports.exportError'),
      });
    }
  };
  const running = state.kind === 'running';
  const button =
    'rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium hover:bg-slate-50 disabled:opacity-60 dark:border-slate-600 dark:bg-slate-900 dark:hover:bg-slate-800';
  return (
    <div className="flex flex-col items-end gap-2">
      <div className="flex gap-2">
        <button type="button" className={button} disabled={running} onClick={() => void run('csv')}>
          {t('reports.exportCsv')}
        </button>
        <button type="button" className={button} disabled={running} onClick={() => void run('pdf')}>
          {t('reports.exportPdf')}
        </button>
      </div>
      <div aria-live="polite" className="min-h-5 text-xs text-slate-600 dark:text-slate-300">
        {state.kind === 'running' ? (
          <span className="flex items-center gap-2">
            <progress
              className="w-32"
              aria-label={t('reports.exporting')}
              max={state.total ?? undefined}
              value={state.total ? state.received : undefined}
            />
            {t('reports.exportProgress', { kb: Math.round(state.received / 1024) })}
          </span>
        ) : state.kind === 'done' ? (
          t('reports.exported', { file: state.file })
        ) : state.kind === 'error' ? (
          <span role="alert" className="text-red-700 dark:text-red-300">
            {state.message}
          </span>
        ) : null}
      </div>
    </div>
  );
}

/** A report page: back link, filters, export, then the report's own body (with its states). */
export function ReportLayout(props: {
  name: ReportName;
  filters: ReportFilters;
  update: (p: Partial<ReportFilters>) => void;
  fields?: ReactNode;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Page
      title={t(`reports.names.${props.name}.title`)}
      subtitle={t(`reports.names.${props.name}.description`)}
      actions={<ExportButtons name={props.name} filters={props.filters} />}
    >
      <p className="-mt-4 mb-4 text-sm">
        <Link to="/reports" className={reportLinkClass}>
          {t('reports.back')}
        </Link>
      </p>
      <RangeFilters filters={props.filters} update={props.update} fields={props.fields} />
      <div className="mt-6 space-y-6">{props.children}</div>
    </Page>
  );
}

/** Loading, error (with the server's message for a bad filter) and empty states around a report. */
export function ReportState(props: {
  query: { isPending: boolean; isError: boolean; error: unknown };
  empty: boolean;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  if (props.query.isPending) {
    return <output className="block text-sm text-slate-600 dark:text-slate-300">{t('reports.loading')}</output>;
  }
  if (props.query.isError) {
    const e = props.query.error;
    const detail =
      e instanceof ApiError && e.fields.length ? e.fields.map((f) => `${f.field}: ${f.message}`).join(' ') : '';
    return (
      <p role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-800 dark:bg-red-950 dark:text-red-200">
        {e instanceof ApiError && e.status === 422 ? `${e.message} ${detail}` : t('reports.loadError')}
      </p>
    );
  }
  if (props.empty) {
    return (
      <div className="rounded-lg border border-dashed border-slate-300 bg-white px-6 py-10 text-center dark:border-slate-700 dark:bg-slate-900">
        <h2 className="text-base font-semibold">{t('reports.emptyTitle')}</h2>
        <p className="mt-2 text-sm text-slate-600 dark:text-slate-300">{t('reports.emptyBody')}</p>
      </div>
    );
  }
  return <>{props.children}</>;
}
