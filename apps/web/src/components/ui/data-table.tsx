import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePhone } from '@/lib/media.ts';
import { EmptyState, Spinner } from '../page.tsx';
import { useFirstRowsFirst } from './first-rows.ts';
import { type ListQuery, LoadFailure } from './query-state.tsx';

/** Loading, error (with retry) and empty states in front of a list. */
export function ListState(props: {
  pending: boolean;
  error: boolean;
  empty: boolean;
  loadingLabel?: string;
  errorLabel: string;
  emptyTitle: string;
  emptyBody: string;
  /** Shown under the empty state's text: the action that would fill the list. */
  emptyAction?: ReactNode;
  onRetry?: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  if (props.pending) return <Spinner label={props.loadingLabel ?? t('common.loading')} />;
  if (props.error) return <LoadFailure label={props.errorLabel} onRetry={props.onRetry} />;
  if (props.empty)
    return (
      <EmptyState title={props.emptyTitle} body={props.emptyBody}>
        {props.emptyAction}
      </EmptyState>
    );
  return <>{props.children}</>;
}

export type SortDirection = 'ascending' | 'descending' | 'none';

export type Column<T> = {
  key: string;
  /** The column's header, and the label of its value on a phone card. */
  header: string;
  /** The header is read by screen readers only (a column of row actions). */
  headerHidden?: boolean;
  /** What the table's header cell holds instead of the text (a select-all box). */
  headerCell?: ReactNode;
  cell: (row: T) => ReactNode;
  /** The cell names its row (a `th scope="row"`), as the first column usually does. */
  rowHeader?: boolean;
  /** Classes of the table's cell (alignment, `whitespace-nowrap`, `tabular-nums`); not used on cards. */
  className?: string;
  /** Classes added to the column's header cell (a narrower padding for a dense grid). */
  headerClassName?: string;
  /** Sorting by this column: how the rows are sorted by it now, and what a click on its header does. */
  sort?: { direction: SortDirection; onSort: () => void };
  /**
   * Where the value goes on a phone card. By default the first `titleColumns` columns make the card's
   * title line and the rest are label: value pairs; `actions` puts it in the card's bottom row of
   * buttons, `hidden` leaves it off the card.
   */
  card?: 'actions' | 'hidden';
};

/** A row's actions: the header read by screen readers only, the buttons at the foot of a phone's card. */
export function actionsColumn<T>(
  header: string,
  cell: (row: T) => ReactNode,
  className = 'whitespace-nowrap',
): Column<T> {
  return { key: 'actions', header, headerHidden: true, card: 'actions', className, cell };
}

/** A column of amounts (counts, durations, money): right-aligned, in figures of one width. */
export function amountColumn<T>(key: string, header: string, cell: (row: T) => ReactNode): Column<T> {
  return { key, header, className: 'text-right tabular-nums', cell };
}

function SortButton(props: { label: string; direction: SortDirection; onSort: () => void }) {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      onClick={props.onSort}
      className="inline-flex items-center gap-1 font-semibold hover:underline"
      title={t('table.sortBy', { column: props.label })}
    >
      {props.label}
      <span aria-hidden="true" className="text-slate-500 dark:text-slate-400">
        {props.direction === 'descending' ? '▼' : props.direction === 'ascending' ? '▲' : '↕'}
      </span>
    </button>
  );
}

/**
 * The console's list: a semantic table from 640 px up and, on a phone, one card per row (the first
 * columns as its title line, the others as label: value pairs, row actions at the bottom), so no list
 * makes the page scroll sideways. It shows the loading, error and empty states in place of the rows.
 * `card` replaces the generic card where a list is designed for the phone (the dashboard's alarms).
 */
export function DataTable<T>(props: {
  caption: string;
  columns: Column<T>[];
  rows: readonly T[];
  rowKey: (row: T) => string | number;
  /** How many leading columns form a card's title line (1 by default). */
  titleColumns?: number;
  /** Classes of a table row (not of a card). */
  rowClassName?: (row: T) => string;
  /** Classes added to a row's phone card (a row nested under the one before it, say). */
  cardClassName?: (row: T) => string;
  /** Rows to draw the eye to (just raised, say): tinted in the table, ringed as a card. */
  highlight?: (row: T) => boolean;
  card?: (row: T) => ReactNode;
  /** The query the rows come from: its loading and failure (with a retry) stand in for them. */
  query?: ListQuery;
  /** Else the loading and failure of whatever the rows come from. */
  pending?: boolean;
  error?: boolean;
  onRetry?: () => void;
  loadingLabel?: string;
  errorLabel?: string;
  emptyTitle?: string;
  emptyBody?: string;
  emptyAction?: ReactNode;
  /** Shown the caption visibly above the rows instead of to screen readers only. */
  showCaption?: boolean;
  /** In a region of the caption's name (a report's section): the scroller is a named group, not a second region. */
  inRegion?: boolean;
}) {
  const { t } = useTranslation();
  const phone = usePhone();
  const rows = useFirstRowsFirst(props.rows);
  return (
    <ListState
      pending={props.query?.isPending ?? props.pending ?? false}
      error={props.query?.isError ?? props.error ?? false}
      empty={props.rows.length === 0}
      loadingLabel={props.loadingLabel}
      errorLabel={props.errorLabel ?? t('table.loadError')}
      emptyTitle={props.emptyTitle ?? t('table.emptyTitle')}
      emptyBody={props.emptyBody ?? ''}
      emptyAction={props.emptyAction}
      onRetry={props.query ? () => void props.query?.refetch() : props.onRetry}
    >
      {phone ? <Cards {...props} rows={rows} /> : <Table {...props} rows={rows} />}
    </ListState>
  );
}

type ViewProps<T> = Parameters<typeof DataTable<T>>[0];

/** Whether the element is narrower than its content (it scrolls sideways), following resizes. */
function useOverflows<E extends HTMLElement>() {
  const ref = useRef<E>(null);
  const [overflows, setOverflows] = useState(false);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const measure = () => setOverflows(el.scrollWidth > el.clientWidth + 1);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    if (el.firstElementChild) observer.observe(el.firstElementChild);
    return () => observer.disconnect();
  }, []);
  return [ref, overflows] as const;
}

/** A frame a wide table scrolls sideways in; while it scrolls it takes focus, so a keyboard can scroll it. */
export function ScrollFrame(props: { label: string; className?: string; children: ReactNode }) {
  const [frame, overflows] = useOverflows<HTMLElement>();
  return (
    <section
      ref={frame}
      aria-label={props.label}
      tabIndex={overflows ? 0 : undefined}
      className={`overflow-x-auto focus-visible:outline-2 focus-visible:outline-blue-700 ${props.className ?? ''}`}
    >
      {props.children}
    </section>
  );
}

function Table<T>(props: ViewProps<T>) {
  // A table wider than the window scrolls inside its frame, which then takes focus so a keyboard can scroll it.
  const [frame, overflows] = useOverflows<HTMLElement>();
  return (
    <section
      ref={frame}
      role={props.inRegion ? 'group' : undefined}
      aria-label={props.caption}
      tabIndex={overflows ? 0 : undefined}
      className="overflow-x-auto rounded-lg border border-slate-200 bg-white focus-visible:outline-2 focus-visible:outline-blue-700 dark:border-slate-700 dark:bg-slate-900"
    >
      <table className="min-w-full divide-y divide-slate-200 text-sm dark:divide-slate-700">
        <caption className={props.showCaption ? 'px-3 py-2 text-left font-semibold' : 'sr-only'}>
          {props.caption}
        </caption>
        <thead className="bg-slate-50 text-left text-slate-700 dark:bg-slate-800 dark:text-slate-200">
          <tr>
            {props.columns.map((c) => (
              <th
                key={c.key}
                scope="col"
                aria-sort={c.sort ? c.sort.direction : undefined}
                className={`px-3 py-2 font-semibold ${c.headerClassName ?? ''}`}
              >
                {c.headerCell ? (
                  c.headerCell
                ) : c.headerHidden ? (
                  <span className="sr-only">{c.header}</span>
                ) : c.sort ? (
                  <SortButton label={c.header} direction={c.sort.direction} onSort={c.sort.onSort} />
                ) : (
                  c.header
                )}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100 dark:divide-slate-800">
          {props.rows.map((row) => (
            <tr
              key={props.rowKey(row)}
              className={`${props.rowClassName?.(row) ?? ''} ${props.highlight?.(row) ? 'bg-amber-50 dark:bg-amber-950/40' : ''}`}
            >
              {props.columns.map((c) =>
                c.rowHeader ? (
                  <th key={c.key} scope="row" className={`px-3 py-2 text-left font-medium ${c.className ?? ''}`}>
                    {c.cell(row)}
                  </th>
                ) : (
                  <td key={c.key} className={`px-3 py-2 ${c.className ?? ''}`}>
                    {c.cell(row)}
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

function Cards<T>(props: ViewProps<T>) {
  const shown = props.columns.filter((c) => c.card !== 'hidden' && c.card !== 'actions');
  const titleCount = props.titleColumns ?? 1;
  const title = shown.slice(0, titleCount);
  const fields = shown.slice(titleCount);
  const actions = props.columns.filter((c) => c.card === 'actions');
  return (
    <div>
      {props.showCaption ? <h3 className="mb-2 font-semibold">{props.caption}</h3> : null}
      <ul aria-label={props.caption} className="space-y-3">
        {props.rows.map((row) => (
          <li
            key={props.rowKey(row)}
            // A card out of view is not laid out until scrolled near (content-visibility), a list's cards
            // keep the height they last had meanwhile: a phone lays out a screenful, not 25 or 100 cards.
            className={`rounded-lg border border-slate-200 bg-white p-4 text-sm [contain-intrinsic-size:auto_10rem] [content-visibility:auto] dark:border-slate-700 dark:bg-slate-900 ${props.highlight?.(row) ? 'ring-2 ring-amber-500' : ''} ${props.cardClassName?.(row) ?? ''}`}
          >
            {props.card ? (
              props.card(row)
            ) : (
              <>
                <div className="flex min-w-0 flex-wrap items-baseline gap-x-3 gap-y-1 font-semibold break-words">
                  {title.map((c) => (
                    <span key={c.key} className="min-w-0">
                      {c.cell(row)}
                    </span>
                  ))}
                </div>
                {fields.length > 0 ? (
                  <dl className="mt-2 grid grid-cols-[minmax(6rem,auto)_1fr] gap-x-3 gap-y-1.5">
                    {fields.map((c) => (
                      <div key={c.key} className="contents">
                        <dt className="text-slate-600 dark:text-slate-300">{c.header}</dt>
                        <dd className="min-w-0 break-words">{c.cell(row)}</dd>
                      </div>
                    ))}
                  </dl>
                ) : null}
                {actions.length > 0 ? (
                  <div className="mt-3 flex flex-wrap items-center gap-x-4 gap-y-2 border-t border-slate-100 pt-3 dark:border-slate-800">
                    {actions.map((c) => (
                      <span key={c.key} className="contents">
                        {c.cell(row)}
                      </span>
                    ))}
                  </div>
                ) : null}
              </>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}
