import type { Member } from '@rcm/shared/organizations';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SlideOver } from '@/components/slide-over.tsx';
import { dangerButton, linkClass, primaryButton, secondaryButton } from '@/components/ui/button.ts';
import { DataTable } from '@/components/ui/data-table.tsx';
import { RootError } from '@/components/ui/form.tsx';
import { type Access, LocationAccess } from '@/components/ui/location-access.tsx';
import { ApiError } from '@/lib/api-client.ts';
import { useSeededName } from '@/lib/seeded-names.ts';
import { toast } from '@/lib/toast.ts';
import { useApiMutation } from '@/lib/use-api-mutation.ts';
import { organizationKeys } from '../api/keys.ts';
import { removeMember, updateMembership } from '../api/organizations.ts';
import { Section } from './ui.tsx';

/** The organization's members: email, role, call action, locations; managers change access or remove. */
export function MembersSection(props: {
  organizationId: number;
  members: Member[];
  locations: { id: number; name: string }[];
  canManage: boolean;
  currentUserId: number;
}) {
  const { t } = useTranslation();
  const seeded = useSeededName();
  const [editing, setEditing] = useState<Member | null>(null);
  const [access, setAccess] = useState<Access>({ all_locations: true, location_ids: [] });
  const [error, setError] = useState<string | undefined>();
  const saveAccess = useApiMutation({
    mutationFn: (change: { id: number; access: Access }) =>
      updateMembership(props.organizationId, change.id, change.access),
    invalidates: [organizationKeys.all],
    onSuccess: () => {
      toast.success(t('organizations.accessSaved'));
      setEditing(null);
    },
  });
  const removing = useApiMutation({
    mutationFn: (m: Member) => removeMember(props.organizationId, m.id),
    invalidates: [organizationKeys.all],
    onSuccess: () => toast.success(t('organizations.removed')),
    showError: 'toast',
  });

  const open = (m: Member) => {
    setEditing(m);
    setAccess({ all_locations: m.all_locations, location_ids: m.location_ids });
    setError(undefined);
  };

  const save = async () => {
    if (!editing) return;
    try {
      await saveAccess.run({ id: editing.id, access });
    } catch (err) {
      setError(err instanceof ApiError ? (err.fields[0]?.message ?? err.message) : t('errors.network'));
    }
  };

  const remove = async (m: Member) => {
    if (!window.confirm(t('organizations.removeConfirm', { name: m.name }))) return;
    await removing.run(m);
  };

  return (
    <Section title={t('organizations.members')} id="members">
      {props.members.length === 0 ? (
        <p className="text-sm text-slate-600 dark:text-slate-300">{t('organizations.membersEmpty')}</p>
      ) : (
        <DataTable
          caption={t('organizations.members')}
          rows={props.members}
          rowKey={(m) => m.id}
          columns={[
            { key: 'name', header: t('organizations.controllerName'), className: 'font-medium', cell: (m) => m.name },
            {
              key: 'email',
              header: t('organizations.email'),
              cell: (m) => (
                <a href={`mailto:${m.email}`} className={linkClass}>
                  {m.email}
                </a>
              ),
            },
            { key: 'role', header: t('organizations.role'), cell: (m) => seeded('role', m.role.name) },
            {
              key: 'access',
              header: t('organizations.access'),
              cell: (m) =>
                m.all_locations
                  ? t('organizations.allLocations')
                  : t('organizations.someLocations', { count: m.location_ids.length }),
            },
            {
              key: 'actions',
              header: t('organizations.actions'),
              card: 'actions',
              cell: (m) => (
                <div className="flex flex-wrap gap-2">
                  {m.phone ? (
                    <a href={`tel:${m.phone.replace(/[^+0-9]/g, '')}`} className={secondaryButton}>
                      {t('organizations.call', { name: m.name })}
                    </a>
                  ) : (
                    <span className="px-1 py-1.5 text-slate-600 dark:text-slate-300">{t('organizations.noPhone')}</span>
                  )}
                  {props.canManage ? (
                    <>
                      <button
                        type="button"
                        onClick={() => open(m)}
                        className={secondaryButton}
                        aria-label={`${t('organizations.changeAccess')}: ${m.name}`}
                      >
                        {t('organizations.changeAccess')}
                      </button>
                      {m.id !== props.currentUserId ? (
                        <button
                          type="button"
                          onClick={() => void remove(m)}
                          className={dangerButton}
                          aria-label={`${t('organizations.remove')}: ${m.name}`}
                        >
                          {t('organizations.remove')}
                        </button>
                      ) : null}
                    </>
                  ) : null}
                </div>
              ),
            },
          ]}
        />
      )}
      <SlideOver
        open={editing !== null}
        onClose={() => setEditing(null)}
        title={t('organizations.changeAccessTitle', { name: editing?.name ?? '' })}
        closeLabel={t('organizations.cancel')}
        footer={
          <div className="flex justify-end gap-3">
            <button type="button" onClick={() => setEditing(null)} className={secondaryButton}>
              {t('organizations.cancel')}
            </button>
            <button type="button" onClick={() => void save()} disabled={saveAccess.isPending} className={primaryButton}>
              {saveAccess.isPending ? t('organizations.saving') : t('organizations.save')}
            </button>
          </div>
        }
      >
        <div className="space-y-4 p-5">
          <RootError message={error} />
          <LocationAccess locations={props.locations} value={access} onChange={setAccess} />
        </div>
      </SlideOver>
    </Section>
  );
}
