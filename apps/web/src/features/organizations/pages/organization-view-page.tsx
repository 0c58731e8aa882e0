import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { Page, RecordMissing } from '../../../components/page.tsx';
import { OnlineStatus } from '../../../components/status-dot.tsx';
import { linkClass, primaryButton, secondaryButton } from '../../../components/ui/button.ts';
import { hasPermission, useAuth } from '../../../lib/auth-store.ts';
import { organizationQuery } from '../api/organizations.ts';
import { InvitationsSection } from '../components/invitations-section.tsx';
import { InviteForm } from '../components/invite-form.tsx';
import { MembersSection } from '../components/members-section.tsx';
import { Section, Table, Th } from '../components/ui.tsx';

/** /organizations/{id}/view: the organisation name, its smart controllers, its locations and its members. */
export function OrganizationViewPage() {
  const { t } = useTranslation();
  const { user } = useAuth();
  const { id } = useParams({ from: '/organizations/$id/view' });
  const orgId = Number(id);
  const org = useQuery({ ...organizationQuery(orgId), enabled: Number.isInteger(orgId) });

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
  const canEdit = hasPermission(user, 'organization_edit');
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
            <Table
              caption={t('organizations.smartControllers')}
              head={
                <>
                  <Th>{t('organizations.controllerName')}</Th>
                  <Th>{t('organizations.macAddress')}</Th>
                  <Th>{t('organizations.location')}</Th>
                  <Th>{t('organizations.status')}</Th>
                </>
              }
            >
              {o.controllers.map((c) => (
                <tr key={c.id}>
                  <td className="px-3 py-2">
                    <Link
                      to="/controllers/$controllerId/view"
                      params={{ controllerId: String(c.id) }}
                      className={linkClass}
                    >
                      {c.name ?? t('organizations.noName')}
                    </Link>
                  </td>
                  <td className="px-3 py-2 font-mono">{c.mac_address}</td>
                  <td className="px-3 py-2">{c.location?.name ?? '—'}</td>
                  <td className="px-3 py-2">
                    <OnlineStatus online={c.online} lastSeenAt={c.last_seen_at} />
                  </td>
                </tr>
              ))}
            </Table>
          )}
        </Section>

        <Section
          title={t('organizations.locations')}
          id="locations"
          actions={
            hasPermission(user, 'locations_create') ? (
              <Link to="/organizations/$id/locations/create" params={{ id: String(o.id) }} className={primaryButton}>
                {t('organizations.addLocation')}
              </Link>
            ) : null
          }
        >
          {o.locations.length === 0 ? (
            <p className="text-sm text-slate-600 dark:text-slate-300">{t('organizations.locationsEmpty')}</p>
          ) : (
            <Table
              caption={t('organizations.locations')}
              head={
                <>
                  <Th>{t('organizations.locationName')}</Th>
                  <Th>{t('organizations.address')}</Th>
                  <Th>{t('organizations.phone')}</Th>
                  <Th>{t('organizations.smartControllers')}</Th>
                </>
              }
            >
              {o.locations.map((l) => (
                <tr key={l.id}>
                  <td className="px-3 py-2">
                    {hasPermission(user, 'locations_edit') ? (
                      <Link
                        to="/locations/$locationId/edit"
                        params={{ locationId: String(l.id) }}
                        className={linkClass}
                      >
                        {l.name}
                      </Link>
                    ) : (
                      l.name
                    )}
                  </td>
                  <td className="px-3 py-2">{[l.address_line_1, l.city, l.state].filter(Boolean).join(', ')}</td>
                  <td className="px-3 py-2">
                    {l.phone ? (
                      <a href={`tel:${l.phone.replace(/[^+0-9]/g, '')}`} className={linkClass}>
                        {l.phone}
                      </a>
                    ) : (
                      '—'
                    )}
                  </td>
                  <td className="px-3 py-2 tabular-nums">{l.controllers_count}</td>
                </tr>
              ))}
            </Table>
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
      </div>
    </Page>
  );
}
