import { useQuery } from '@tanstack/react-query';
import { useParams } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { deleteRole, roleQuery } from '../api/settings.ts';
import { RecordEdit } from '../components/record-edit.tsx';
import { RoleForm } from '../components/role-form.tsx';

/** /settings/roles/{id}/edit: name, colour and the permission matrix. */
export function RoleEditPage() {
  const { t } = useTranslation();
  const id = Number(useParams({ from: '/settings/roles/$id/edit' }).id);
  const role = useQuery({ ...roleQuery(id), enabled: Number.isInteger(id) });
  return (
    <RecordEdit
      kind="roles"
      id={id}
      record={role}
      remove={deleteRole}
      words={{
        title: t('settings.roles.editTitle'),
        delete: t('settings.roles.delete'),
        deleteTitle: t('settings.roles.deleteTitle', { name: role.data?.name }),
        deleteBody: t('settings.roles.deleteBody'),
      }}
      form={(current, onSaved) => <RoleForm key={current.id} current={current} matrix onSaved={onSaved} />}
    />
  );
}
