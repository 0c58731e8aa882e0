import type { ControllerDetail } from '@rcm/shared/auth';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Pagination } from '@/components/pagination.tsx';
import { useLiveQuery } from '@/lib/use-live-query.ts';
import { controllersQuery } from '../api/controllers.ts';
import { type GatewayChildRow, GatewayPanel } from './gateway-panel.tsx';

/**
 * A gateway's part of its controller page: its status (from its detail) and its children (the
 * controllers list of `gateway_id`, a page at a time), each with the state and last good poll its
 * status reports for it.
 */
export function GatewaySection(props: { gateway: ControllerDetail }) {
  const [page, setPage] = useState<number | undefined>(undefined);
  const filters = { gateway_id: props.gateway.id, page };
  const list = useQuery(controllersQuery(filters));
  const children = list.data?.data ?? [];
  const ids = new Set(children.map((c) => c.id));
  // A child going offline or coming back (its polls, or its gateway going away) shows at once.
  useLiveQuery(controllersQuery(filters).queryKey, { 'controller.status': (e) => ids.has(e.controller_id) });
  const status = props.gateway.gateway_status;
  const polled = new Map((status?.children ?? []).flatMap((k) => (k.controller_id ? [[k.controller_id, k]] : [])));
  const rows: GatewayChildRow[] = children.map((c) => {
    const k = polled.get(c.id);
    return { ...c, state: k?.state ?? null, last_good_poll: k?.last_good_poll ?? null };
  });
  return (
    <>
      <GatewayPanel
        status={status}
        controllers={{ rows, pending: list.isPending, error: list.isError, onRetry: () => void list.refetch() }}
      />
      {list.data && list.data.meta.last_page > 1 ? (
        <div className="mt-4">
          <Pagination meta={list.data.meta} onPage={(p) => setPage(p > 1 ? p : undefined)} />
        </div>
      ) : null}
    </>
  );
}
