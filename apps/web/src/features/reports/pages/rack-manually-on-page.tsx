import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Pagination } from '../../../components/pagination.tsx';
import { reportQuery } from '../api/reports.ts';
import { BarChart } from '../components/bar-chart.tsx';
import { dateTime, duration } from '../components/format.ts';
import {
  ReportLayout,
  ReportState,
  Stat,
  TableWrap,
  tableClass,
  td,
  th,
  useReportFilters,
} from '../components/report-layout.tsx';

/** /reports/rack_manually_on: racks manually on now, and the periods they were over the range. */
export function RackManuallyOnPage() {
  const { t, i18n } = useTranslation();
  const [filters, update] = useReportFilters();
  const report = useQuery(reportQuery('rack_manually_on', filters));
  const body = report.data;
  const lang = i18n.language;
  const where = (r: { location_name: string | null; organization_name: string }) => (
    <>
      {r.location_name ?? '—'}
      <span className="block text-xs text-slate-600 dark:text-slate-300">{r.organization_name}</span>
    </>
  );
  return (
    <ReportLayout name="rack_manually_on" filters={filters} update={update}>
      <ReportState query={report} empty={!body || (body.summary.episodes === 0 && body.summary.now.length === 0)}>
        {body ? (
          <>
            <dl className="grid gap-3 sm:grid-cols-3">
              <Stat label={t('reports.manual.nowCount')} value={String(body.summary.now.length)} />
              <Stat label={t('reports.manual.episodes')} value={String(body.summary.episodes)} />
              <Stat label={t('reports.manual.timeInRange')} value={duration(body.summary.seconds_in_range)} />
            </dl>
            <section aria-labelledby="manual-now">
              <h2 id="manual-now" className="mb-2 text-lg font-semibold">
                {t('reports.manual.now')}
              </h2>
              {body.summary.now.length === 0 ? (
                <p className="text-sm text-slate-600 dark:text-slate-300">{t('reports.manual.noneNow')}</p>
              ) : (
                <TableWrap label={t('reports.manual.now')}>
                  <table className={tableClass}>
                    <caption className="sr-only">{t('reports.manual.now')}</caption>
                    <thead className="bg-slate-50 dark:bg-slate-800">
                      <tr>
                        <th scope="col" className={th}>
                          {t('reports.location')}
                        </th>
                        <th scope="col" className={th}>
                          {t('reports.manual.rack')}
                        </th>
                        <th scope="col" className={th}>
                          {t('reports.manual.point')}
                        </th>
                        <th scope="col" className={th}>
                          {t('reports.manual.since')}
                        </th>
                        <th scope="col" className={`${th} text-right`}>
                          {t('reports.manual.for')}
                        </th>
                      </tr>
                    </thead>
                    <tbody className="divide-y divide-slate-100 dark:divide-slate-800">
                      {body.summary.now.map((r) => (
                        <tr key={`${r.controller_id}-${r.point}`}>
                          <td className={td}>{where(r)}</td>
                          <td className={td}>
                            {r.rack_name ?? r.rack_ref}
                            <span className="block text-xs text-slate-600 dark:text-slate-300">
                              {r.controller_name}
                            </span>
                          </td>
                          <td className={td}>{r.point_name ?? r.point}</td>
                          <td className={td}>{dateTime(r.since, lang)}</td>
                          <td className={`${td} text-right tabular-nums`}>{duration(r.seconds)}</td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </TableWrap>
              )}
            </section>
            {body.summary.by_location.length > 0 ? (
              <BarChart
                title={t('reports.manual.byLocation')}
                bars={body.summary.by_location.map((l) => ({
                  label: l.location_name ?? l.organization_name,
                  value: l.seconds_in_range,
                  display: `${duration(l.seconds_in_range)} (${l.episodes})`,
                }))}
              />
            ) : null}
            <section aria-labelledby="manual-episodes">
              <h2 id="manual-episodes" className="mb-2 text-lg font-semibold">
                {t('reports.manual.episodesTitle')}
              </h2>
              {body.data.length === 0 ? (
                <p className="text-sm text-slate-600 dark:text-slate-300">{t('reports.manual.noEpisodes')}</p>
              ) : (
                <TableWrap label={t('reports.manual.episodesTitle')}>
                  <table className={tableClass}>
                    <caption className="sr-only">{t('reports.manual.episodesTitle')}</caption>
                    <thead className="bg-slate-50 dark:bg-slate-800">
                      <tr>
                        <th scope="col" className={th}>
                          {t('reports.location')}
                        </th>
                        <th scope="col" className={th}>
                          {t('reports.manual.rack')}
                        </th>
                        <th scope="col" className={th}>
                          {t('reports.manual.since')}
                        </th>
                        <th scope="col" className={th}>
                          {t('reports.manual.until')}
                        </th>
                        <th scope="col" className={th}>
                          {t('reports.manual.lastReading')}
                        </th>
                        <th scope="col" className={`${th} text-right`}>
                          {t('reports.manual.for')}
                        </th>
                        <th scope="col" className={`${th} text-right`}>
                          {t('reports.manual.inRange')}
                        </th>
                      </tr>
                    </thead>
                    <tbody className="divide-y divide-slate-100 dark:divide-slate-800">
                      {body.data.map((r) => (
                        <tr key={`${r.controller_id}-${r.point}-${r.since}`}>
                          <td className={td}>{where(r)}</td>
                          <td className={td}>
                            {r.rack_name ?? r.rack_ref} · {r.point_name ?? r.point}
                            <span className="block text-xs text-slate-600 dark:text-slate-300">
                              {r.controller_name}
                            </span>
                          </td>
                          <td className={td}>{dateTime(r.since, lang)}</td>
                          <td className={td}>{r.until ? dateTime(r.until, lang) : t('reports.manual.ongoing')}</td>
                          <td className={td}>{dateTime(r.last_reading_at, lang)}</td>
                          <td className={`${td} text-right tabular-nums`}>{duration(r.seconds)}</td>
                          <td className={`${td} text-right tabular-nums`}>{duration(r.seconds_in_range)}</td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </TableWrap>
              )}
            </section>
            <Pagination
              page={body.meta.page}
              lastPage={body.meta.last_page}
              total={body.meta.total}
              onPage={(page) => update({ page })}
            />
            <p className="text-xs text-slate-600 dark:text-slate-300">{t('reports.manual.source')}</p>
          </>
        ) : null}
      </ReportState>
    </ReportLayout>
  );
}
