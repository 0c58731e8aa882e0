import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../page.tsx';
import { secondaryButton } from './button.ts';

/** A read's failure in place of what it would show, with a retry where the read can be asked again. */
export function LoadFailure(props: { label: string; onRetry?: () => void }) {
  const { t } = useTranslation();
  return (
    <div role="alert" className="rounded-md bg-red-50 p-4 text-sm text-red-800 dark:bg-red-950 dark:text-red-100">
      <p>{props.label}</p>
      {props.onRetry ? (
        <button type="button" onClick={props.onRetry} className={`${secondaryButton} mt-2`}>
          {t('table.retry')}
        </button>
      ) : null}
    </div>
  );
}

/** A list's query as a list needs it: whether it loads or failed, and how to ask again (a `UseQueryResult`). */
export type ListQuery = { isPending: boolean; isError: boolean; refetch: () => unknown };

/** The part of a query's result this needs (TanStack's `UseQueryResult` fits). */
type QueryLike<T> =
  | { isPending: true; isError: false; data: undefined; refetch: () => unknown }
  | { isPending: false; isError: true; data: T | undefined; refetch: () => unknown }
  | { isPending: false; isError: false; data: T; refetch: () => unknown };

/**
 * A query's three states in one place: the spinner while it loads (the common loading label unless
 * told), its failure with a retry, else `children` with the data.
 */
export function QueryState<T>(props: {
  query: QueryLike<T>;
  errorLabel: string;
  loadingLabel?: string;
  children: (data: T) => ReactNode;
}) {
  const { t } = useTranslation();
  const { query } = props;
  if (query.isPending) return <Spinner label={props.loadingLabel ?? t('common.loading')} />;
  if (query.isError) return <LoadFailure label={props.errorLabel} onRetry={() => void query.refetch()} />;
  return <>{props.children(query.data)}</>;
}
