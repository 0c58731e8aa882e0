import type { AuthUser } from '@rcm/shared/auth';
import type { SearchGroup, SearchHit, SearchKind, SearchResponse } from '@rcm/shared/search';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { Link, linkOptions, useSearch } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState, Page, Spinner } from '@/components/page.tsx';
import { ApiError, api } from '@/lib/api-client.ts';
import { useAuth } from '@/lib/auth-store.ts';
import { userCan } from '@/lib/user-can.ts';
import { searchKeys } from '../api/keys.ts';

export const searchResultsQuery = (q: string) =>
  queryOptions({
    queryKey: searchKeys.results(q),
    queryFn: () => api<SearchResponse>(`search?q=${encodeURIComponent(q)}`).then((r) => r.data),
    placeholderData: keepPreviousData,
    staleTime: 15_000,
  });

/** Where a hit leads: its own page where the user may open it, otherwise the list it belongs to. */
function hitLink(kind: SearchKind, hit: SearchHit, user: AuthUser | null) {
  const id = String(hit.id);
  switch (kind) {
    case 'controllers':
      return linkOptions({ to: '/controllers/$controllerId/view', params: { controllerId: id } });
    case 'organizations':
      return linkOptions({ to: '/organizations/$id/view', params: { id } });
    case 'locations':
      if (userCan(user, 'location.edit'))
        return linkOptions({ to: '/locations/$locationId/edit', params: { locationId: id } });
      if (hit.ref && userCan(user, 'organization.list'))
        return linkOptions({ to: '/organizations/$id/view', params: { id: hit.ref } });
      return linkOptions({ to: '/locations' });
    case 'alarms':
      return linkOptions({ to: '/alarms/$alarmMetadataRef/view', params: { alarmMetadataRef: String(hit.ref) } });
    case 'jobs':
      return linkOptions({ to: '/jobs/$id/view', params: { id } });
    case 'inventory':
      return linkOptions({
        to: '/inventory/{-$pageNumber}',
        params: { pageNumber: undefined },
        search: { q: hit.ref ?? hit.title },
      });
    case 'users':
      return userCan(user, 'user.edit')
        ? linkOptions({ to: '/settings/users/$id/edit', params: { id } })
        : linkOptions({ to: '/settings/users' });
  }
}

function Group(props: { group: SearchGroup; user: AuthUser | null }) {
  const { t } = useTranslation();
  const { group } = props;
  const headingId = `search-${group.kind}`;
  return (
    <section
      aria-labelledby={headingId}
      className="rounded-lg border border-slate-200 bg-white dark:border-slate-700 dark:bg-slate-900"
    >
      <h2 id={headingId} className="border-b border-slate-200 px-4 py-2 text-sm font-semibold dark:border-slate-700">
        {t(`search.kinds.${group.kind}`)}{' '}
        <span className="font-normal text-slate-600 dark:text-slate-300">({group.items.length})</span>
      </h2>
      <ul className="divide-y divide-slate-100 dark:divide-slate-800">
        {group.items.map((hit) => {
          const link = hitLink(group.kind, hit, props.user);
          return (
            <li key={hit.id}>
              <Link
                {...link}
                className="block px-4 py-2 hover:bg-slate-50 focus-visible:bg-slate-50 dark:hover:bg-slate-800 dark:focus-visible:bg-slate-800"
              >
                <span className="block text-sm font-medium text-sky-800 dark:text-sky-300">{hit.title}</span>
                {hit.subtitle ? (
                  <span className="block text-xs text-slate-600 dark:text-slate-300">
                    {group.kind === 'organizations'
                      ? t('search.locationCount', { count: Number(hit.subtitle) })
                      : hit.subtitle}
                  </span>
                ) : null}
              </Link>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

/** /search?q=: one box finds controllers, organizations, locations, alarms, jobs, inventory and users. */
export function SearchPage() {
  const { t } = useTranslation();
  const { user } = useAuth();
  const { q: raw } = useSearch({ from: '/search' });
  const q = (raw ?? '').trim();
  const canSearch = userCan(user, 'search.use');
  const results = useQuery({ ...searchResultsQuery(q), enabled: q !== '' && canSearch });

  let body: ReactNode;
  if (!canSearch) body = <EmptyState title={t('search.forbiddenTitle')} body={t('search.forbiddenBody')} />;
  else if (q === '') body = <EmptyState title={t('search.title')} body={t('search.noQuery')} />;
  else if (results.isError)
    body = (
      <EmptyState
        title={t('search.errorTitle')}
        body={results.error instanceof ApiError ? results.error.message : t('search.errorBody')}
      />
    );
  else if (!results.data) body = <Spinner label={t('search.loading')} />;
  else {
    const withHits = results.data.groups.filter((g) => g.items.length > 0);
    body =
      withHits.length === 0 ? (
        <EmptyState title={t('search.noResultsTitle')} body={t('search.noResultsBody', { q })} />
      ) : (
        <div className="grid items-start gap-4 lg:grid-cols-2" aria-busy={results.isFetching}>
          {withHits.map((g) => (
            <Group key={g.kind} group={g} user={user} />
          ))}
        </div>
      );
  }
  return (
    <Page title={t('search.title')} subtitle={q ? t('search.resultsFor', { q }) : undefined}>
      {body}
    </Page>
  );
}
