import type { ControllerListItem, GatewayStatusView } from '@rcm/shared/controllers';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/components/page.tsx';
import { DataTable } from '@/components/ui/data-table.tsx';
import { Field, Section } from '@/components/ui/section.tsx';
import { formatBytes, formatDateTime, formatNumber, formatRelative } from '@/lib/format.ts';
import { ControllerLink } from '../components/controller-link.tsx';
import { ChildState, LastGoodPoll } from './child-state.tsx';

/** A controller the gateway speaks for, with what the gateway's status says of its polls. */
export type GatewayChildRow = Pick<
  ControllerListItem,
  'id' | 'name' | 'mac_address' | 'authorised' | 'bus' | 'device_address' | 'device_model' | 'online' | 'offline_reason'
> & { state: string | null; last_good_poll: string | null };

const num = (n: number) => formatNumber(n, 0);

/**
 * The gateway's own page section: its health (agent version, last status, outbox), its buses (endpoint,
 * last poll cycle, requests, errors, timeouts) and the controllers it speaks for, each linked to its page.
 */
export function GatewayPanel(props: {
  status: GatewayStatusView | null;
  controllers: { rows: GatewayChildRow[]; pending: boolean; error: boolean; onRetry: () => void };
}) {
  const { t } = useTranslation();
  const s = props.status;
  return (
    <div className="mt-6 space-y-6">
      <Section title={t('gateways.health')} id="gateway-health">
        {s ? (
          <dl className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            <Field label={t('gateways.agent')}>{s.agent_version}</Field>
            <Field label={t('gateways.lastStatus')}>
              <time dateTime={s.received_at} title={formatDateTime(s.received_at)}>
                {formatRelative(s.received_at)}
              </time>
            </Field>
            <Field label={t('gateways.outboxDepth')}>
              {t('gateways.outboxDepthValue', { depth: num(s.outbox.depth), size: formatBytes(s.outbox.bytes) })}
            </Field>
            <Field label={t('gateways.outboxOldest')}>
              {s.outbox.oldest ? (
                <time dateTime={s.outbox.oldest} title={formatDateTime(s.outbox.oldest)}>
                  {formatRelative(s.outbox.oldest)}
                </time>
              ) : (
                '—'
              )}
            </Field>
            <Field label={t('gateways.dropped')}>
              <span className={s.outbox.dropped > 0 ? 'font-semibold text-red-800 dark:text-red-200' : ''}>
                {num(s.outbox.dropped)}
              </span>
            </Field>
          </dl>
        ) : (
          <EmptyState title={t('gateways.noStatusTitle')} body={t('gateways.noStatusBody')} />
        )}
      </Section>
      {s ? (
        <Section title={t('gateways.buses')} id="gateway-buses">
          <DataTable
            caption={t('gateways.buses')}
            rows={s.buses}
            rowKey={(b) => b.name}
            emptyTitle={t('gateways.noBusesTitle')}
            emptyBody={t('gateways.noBusesBody')}
            columns={[
              { key: 'name', header: t('gateways.bus'), rowHeader: true, cell: (b) => b.name },
              {
                key: 'endpoint',
                header: t('gateways.endpoint'),
                cell: (b) => <span className="font-mono text-xs">{b.endpoint}</span>,
              },
              {
                key: 'cycle',
                header: t('gateways.lastCycle'),
                className: 'tabular-nums',
                cell: (b) =>
                  b.last_cycle_ms === null ? '—' : t('gateways.lastCycleValue', { ms: num(b.last_cycle_ms) }),
              },
              {
                key: 'requests',
                header: t('gateways.requests'),
                className: 'tabular-nums',
                cell: (b) => num(b.requests),
              },
              { key: 'errors', header: t('gateways.errors'), className: 'tabular-nums', cell: (b) => num(b.errors) },
              {
                key: 'timeouts',
                header: t('gateways.timeouts'),
                className: 'tabular-nums',
                cell: (b) => num(b.timeouts),
              },
            ]}
          />
        </Section>
      ) : null}
      <Section title={t('gateways.children')} id="gateway-children">
        <DataTable
          caption={t('gateways.children')}
          rows={props.controllers.rows}
          rowKey={(c) => c.id}
          pending={props.controllers.pending}
          error={props.controllers.error}
          onRetry={props.controllers.onRetry}
          errorLabel={t('gateways.childrenError')}
          emptyTitle={t('gateways.noChildrenTitle')}
          emptyBody={t('gateways.noChildrenBody')}
          columns={[
            {
              key: 'controller',
              header: t('dashboard.controller'),
              rowHeader: true,
              cell: (c) =>
                c.authorised ? (
                  <ControllerLink controller={c} />
                ) : (
                  <span>
                    {c.name ?? c.mac_address} · {t('pending.status')}
                  </span>
                ),
            },
            {
              key: 'unit',
              header: t('gateways.unitId'),
              className: 'tabular-nums',
              cell: (c) => c.device_address ?? '—',
            },
            { key: 'bus', header: t('gateways.bus'), cell: (c) => c.bus ?? '—' },
            { key: 'model', header: t('gateways.model'), cell: (c) => c.device_model ?? '—' },
            {
              key: 'lastGoodPoll',
              header: t('gateways.lastGoodPoll'),
              cell: (c) => <LastGoodPoll at={c.last_good_poll} />,
            },
            {
              key: 'state',
              header: t('gateways.state'),
              cell: (c) => <ChildState online={c.online} state={c.state} reason={c.offline_reason} />,
            },
          ]}
        />
      </Section>
    </div>
  );
}
