import { Link, useParams } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { Page, RecordMissing } from '@/components/page.tsx';
import { OnlineStatus } from '@/components/status-dot.tsx';
import { linkClass, primaryButton, secondaryButton } from '@/components/ui/button.ts';
import { DataTable } from '@/components/ui/data-table.tsx';
import { useAuth } from '@/lib/auth-store.ts';
import { userCan } from '@/lib/user-can.ts';
import { useOrganizationOf } from '../api/organizations.ts';
import { InvitationsSection } from '../components/invitations-section.tsx';
import { InviteForm } from '../components/invite-form.tsx';
import { MembersSection } from '../components/members-section.tsx';
import { SecurityPolicySection } from '../components/security-policy-section.tsx';
import { SupportAccessSection } from '../components/support-access-section.tsx';
import { PhoneLink, Section } from '../components/ui.tsx';

/** /organizations/{id}/view: the organization name, its smart controllers, its locations and its members. */
export function OrganizationViewPage() {
  const { t } = useTranslation();
  const { user } = useAuth();
  const { id } = useParams({ from: '/organizations/$id/view' });
  const { org } = useOrganizationOf(id);

  if (org.isPending || !org.data)
    return (
      <RecordMissing
        pending={org.isPending}
        title={t('organizations.listTitle')}
        loadingLabel={t('organizations.loading')}
        notFound={t('organizations.notFound')}
      />
    );

  const o = org.data;
  const canEdit = userCan(user, 'organization.edit', { organizationId: o.id });
  const locations = o.locations.map((l) => ({ id: l.id, name: l.name }));
  return (
    <Page
      title={o.name}
      subtitle={`${t('organizations.smartControllers')}: ${o.controllers.length} · ${t('organizations.locations')}: ${o.locations.length} · ${t('organizations.members')}: ${o.members.length}`}
      actions={
        canEdit ? (
          <Link to="/organizations/$id/edit" params={{ id: String(o.id) }} className={secondaryButton}>
            {t('organizations.edit')}
          </Link>
        ) : null
      }
    >
      <div className="space-y-6">
        <Section title={t('organizations.smartControllers')} id="controllers">
          {o.controllers.length === 0 ? (
            <p className="text-sm text-slate-600 dark:text-slate-300">{t('organizations.controllersEmpty')}</p>
          ) : (
            <DataTable
              caption={t('organizations.smartControllers')}
              rows={o.controllers}
              rowKey={(c) => c.id}
              columns={[
                {
                  key: 'name',
                  header: t('organizations.controllerName'),
                  cell: (c) => (
                    <Link
                      to="/controllers/$controllerId/view"
                      params={{ controllerId: String(c.id) }}
                      className={linkClass}
                    >
                      {c.name ?? t('organizations.noName')}
                    </Link>
                  ),
                },
                {
                  key: 'mac',
                  header: t('organizations.macAddress'),
                  className: 'font-mono',
                  cell: (c) => c.mac_address,
                },
                { key: 'location', header: t('organizations.location'), cell: (c) => c.location?.name ?? '—' },
                {
                  key: 'status',
                  header: t('organizations.status'),
                  cell: (c) => <OnlineStatus online={c.online} lastSeenAt={c.last_seen_at} />,
                },
              ]}
            />
          )}
        </Section>

        <Section
          title={t('organizations.locations')}
          id="locations"
          actions={
            userCan(user, 'location.create', { organizationId: o.id }) ? (
              <Link to="/organizations/$id/locations/create" params={{ id: String(o.id) }} className={primaryButton}>
                {t('organizations.addLocation')}
              </Link>
            ) : null
          }
        >
          {o.locations.length === 0 ? (
            <p className="text-sm text-slate-600 dark:text-slate-300">{t('organizations.locationsEmpty')}</p>
          ) : (
            <DataTable
              caption={t('organizations.locations')}
              rows={o.locations}
              rowKey={(l) => l.id}
              columns={[
                {
                  key: 'name',
                  header: t('organizations.locationName'),
                  cell: (l) =>
                    userCan(user, 'location.edit') ? (
                      <Link
                        to="/locations/$locationId/edit"
                        params={{ locationId: String(l.id) }}
                        className={linkClass}
                      >
                        {l.name}
                      </Link>
                    ) : (
                      l.name
                    ),
                },
                {
                  key: 'address',
                  header: t('organizations.address'),
                  cell: (l) => [l.address_line_1, l.city, l.state].filter(Boolean).join(', '),
                },
                { key: 'phone', header: t('organizations.phone'), cell: (l) => <PhoneLink phone={l.phone} /> },
                {
                  key: 'controllers',
                  header: t('organizations.smartControllers'),
                  className: 'tabular-nums',
                  cell: (l) => l.controllers_count,
                },
              ]}
            />
          )}
        </Section>

        <MembersSection
          organizationId={o.id}
          members={o.members}
          locations={locations}
          canManage={canEdit}
          currentUserId={user?.id ?? 0}
        />
        {canEdit ? (
          <>
            <InviteForm organizationId={o.id} locations={locations} />
            <InvitationsSection organizationId={o.id} />
          </>
        ) : null}
        {userCan(user, 'settings.view') ? (
          <SecurityPolicySection
            organizationId={o.id}
            canEdit={userCan(user, 'settings.edit')}
            ownOrganization={user?.organisation.id === o.id}
          />
        ) : null}
        {userCan(user, 'settings.edit') && user?.organisation.id === o.id ? (
          <SupportAccessSection organizationId={o.id} />
        ) : null}
      </div>
    </Page>
  );
}
