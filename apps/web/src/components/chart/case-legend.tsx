import type { AlarmMetrics } from '@rcm/shared/alarms';
import { useTranslation } from 'react-i18next';
import { chartPoints } from './chart-summary.tsx';

/** The product temperature's line (amber, dashed), beside the air's. */
const PRODUCT_COLOR = '#b45309';

/** What a case chart adds: the air and product lines, and how many defrost periods are shaded. */
export function CaseLegend(props: { product: boolean; defrosts: number }) {
  const { t } = useTranslation();
  return (
    <span className="mt-1 flex flex-wrap gap-x-3 text-xs font-normal text-slate-700 dark:text-slate-200">
      <span>
        <span aria-hidden="true" className="mr-1 inline-block h-0.5 w-4 bg-blue-700 align-middle dark:bg-blue-400" />
        {t('cases.chart.air')}
      </span>
      {props.product ? (
        <span>
          <span
            aria-hidden="true"
            className="mr-1 inline-block w-4 border-t-2 border-dashed border-amber-700 align-middle"
          />
          {t('cases.chart.product')}
        </span>
      ) : null}
      {props.defrosts > 0 ? (
        <span>
          <span aria-hidden="true" className="mr-1 inline-block h-3 w-4 bg-sky-500/20 align-middle" />
          {t('cases.chart.defrosts', { count: props.defrosts })}
        </span>
      ) : null}
    </span>
  );
}

/** A case point's chart extras from its series: the product line and the shaded defrosts. */
export function caseSeries(s: AlarmMetrics['series'][number], productLabel: string) {
  const product = s.product?.length ? chartPoints(s.product) : null;
  const bands = (s.defrosts ?? []).map((d) => ({
    from: Date.parse(d.from),
    to: d.to === null ? null : Date.parse(d.to),
  }));
  const second = product ? { points: product, label: productLabel, color: PRODUCT_COLOR } : undefined;
  return { product, bands, second };
}
