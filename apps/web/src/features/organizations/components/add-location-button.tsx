import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { primaryButton, secondaryButton } from '@/components/ui/button.ts';
import { FilterSelect } from '@/components/ui/filter-controls.tsx';
import { Modal } from '@/components/ui/modal.tsx';
import { useAuth } from '@/lib/auth-store.ts';
import { userCan } from '@/lib/user-can.ts';
import { organizationChoicesQuery } from '../api/organizations.ts';

/**
 * "Add location" where locations are listed: straight to the form for one's own organization, or,
 * for staff who see every organization, after choosing which one.
 */
export function AddLocationButton() {
  const { t } = useTranslation();
  const { user } = useAuth();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const all = userCan(user, 'location.createInAnyOrganization');
  const choices = useQuery({ ...organizationChoicesQuery(), enabled: open });
  const [chosen, setChosen] = useState('');
  if (!user || !userCan(user, 'location.create')) return null;
  if (!all)
    return (
      <Link
        to="/organizations/$id/locations/create"
        params={{ id: String(user.organisation.id) }}
        className={primaryButton}
      >
        {t('onboarding.addLocation')}
      </Link>
    );
  const options = (choices.data ?? []).map((o) => [String(o.id), o.name] as [string, string]);
  const target = chosen || options[0]?.[0] || String(user.organisation.id);
  return (
    <>
      <button type="button" className={primaryButton} onClick={() => setOpen(true)}>
        {t('onboarding.addLocation')}
      </button>
      <Modal open={open} onClose={() => setOpen(false)} title={t('onboarding.addLocationTitle')}>
        <p className="mb-3 text-sm text-slate-700 dark:text-slate-200">{t('onboarding.addLocationBody')}</p>
        <FilterSelect
          className="block"
          label={t('organizations.organization')}
          value={target}
          onChange={setChosen}
          options={options.length > 0 ? options : [[target, user.organisation.name]]}
        />
        <div className="mt-6 flex flex-wrap justify-end gap-3">
          <button type="button" className={secondaryButton} onClick={() => setOpen(false)}>
            {t('common.cancel')}
          </button>
          <button
            type="button"
            className={primaryButton}
            onClick={() => void navigate({ to: '/organizations/$id/locations/create', params: { id: target } })}
          >
            {t('onboarding.continue')}
          </button>
        </div>
      </Modal>
    </>
  );
}
