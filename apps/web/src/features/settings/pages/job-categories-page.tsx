import type { JobCategoryRecord } from '@rcm/shared/jobs';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { EmptyState } from '../../../components/page.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { hasPermission, useAuth } from '../../../lib/auth-store.ts';
import { useSeededName } from '../../../lib/seeded-names.ts';
import {
  archiveJobCategory,
  createJobCategory,
  jobCategoriesSettingsQuery,
  updateJobCategory,
} from '../api/job-categories.ts';
import { JobCategoryForm } from '../components/job-category-form.tsx';
import {
  cardClass,
  linkClass,
  QueryState,
  SettingsLayout,
  tableClass,
  tdClass,
  thClass,
} from '../components/settings-layout.tsx';

/** /settings/job-categories: every category with its job count; add, rename, archive and restore. */
export function JobCategoriesPage() {
  const { t } = useTranslation();
  const seeded = useSeededName();
  const queryClient = useQueryClient();
  const { user: me } = useAuth();
  const query = useQuery(jobCategoriesSettingsQuery());
  const managedHere = query.data?.meta.managed_by === 'local';
  // Categories are shared by every organization: changing them needs organization_view_all too.
  const canEdit = managedHere && hasPermission(me, 'settings_update') && hasPermission(me, 'organization_view_all');
  const [renaming, setRenaming] = useState<JobCategoryRecord | null>(null);
  const [archiving, setArchiving] = useState<JobCategoryRecord | null>(null);
  const c = (key: string) => t(`settings.jobCategories.${key}`);
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['settings', 'job-categories'] });
  const jobsChanged = () => queryClient.invalidateQueries({ queryKey: ['jobs', 'categories'] });

  async function restore(category: JobCategoryRecord) {
    try {
      await updateJobCategory(category.id, { archived: false });
      await Promise.all([refresh(), jobsChanged()]);
      toast.success(t('settings.jobCategories.restored', { name: seeded('job_category', category.name) }));
    } catch (err) {
      toast.error(err instanceof ApiError && err.code !== 'network' ? err.message : t('errors.network'));
    }
  }

  return (
    <SettingsLayout
      title={t('settings.sections.jobCategories')}
      subtitle={canEdit ? undefined : t('settings.readOnly')}
    >
      <p className="mb-4 max-w-3xl text-sm text-slate-700 dark:text-slate-200">
        {query.data?.meta.managed_by === 'zuper' ? c('zuper') : c('help')}
      </p>
      <div className="grid gap-6 lg:grid-cols-3">
        <div className="lg:col-span-2">
          <QueryState pending={query.isPending} error={query.isError} onRetry={() => void query.refetch()}>
            {query.data?.data.length === 0 ? (
              <EmptyState title={t('settings.sections.jobCategories')} body={c('empty')} />
            ) : (
              <div className={`overflow-x-auto ${cardClass}`}>
                <table className={tableClass}>
                  <caption className="sr-only">{c('table')}</caption>
                  <thead>
                    <tr>
                      {['name', 'source', 'jobs', 'state'].map((k) => (
                        <th key={k} scope="col" className={thClass}>
                          {c(k)}
                        </th>
                      ))}
                      <th scope="col" className={thClass}>
                        <span className="sr-only">{t('settings.users.actions')}</span>
                      </th>
                    </tr>
                  </thead>
                  <tbody className="divide-y divide-slate-100 dark:divide-slate-800">
                    {query.data?.data.map((cat) => (
                      <tr key={cat.id}>
                        <td className={`${tdClass} font-medium`}>{seeded('job_category', cat.name)}</td>
                        <td className={tdClass}>{t(`settings.jobCategories.sources.${cat.provider}`)}</td>
                        <td className={`${tdClass} tabular-nums`}>{cat.job_count}</td>
                        <td className={tdClass}>{cat.archived ? c('archived') : c('active')}</td>
                        <td className={`${tdClass} whitespace-nowrap text-right`}>
                          {canEdit && cat.provider === 'local' ? (
                            <>
                              <button
                                type="button"
                                onClick={() => setRenaming(cat)}
                                className={linkClass}
                                aria-label={t('settings.jobCategories.renameCategory', {
                                  name: seeded('job_category', cat.name),
                                })}
                              >
                                {c('rename')}
                              </button>
                              {cat.archived ? (
                                <button
                                  type="button"
                                  onClick={() => void restore(cat)}
                                  className={`ml-3 ${linkClass}`}
                                  aria-label={t('settings.jobCategories.restoreCategory', {
                                    name: seeded('job_category', cat.name),
                                  })}
                                >
                                  {c('restore')}
                                </button>
                              ) : (
                                <button
                                  type="button"
                                  onClick={() => setArchiving(cat)}
                                  className="ml-3 font-medium text-red-700 underline-offset-2 hover:underline dark:text-red-300"
                                  aria-label={t('settings.jobCategories.archiveCategory', {
                                    name: seeded('job_category', cat.name),
                                  })}
                                >
                                  {c('archive')}
                                </button>
                              )}
                            </>
                          ) : null}
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )}
          </QueryState>
        </div>
        {canEdit ? (
          <section aria-labelledby="new-category" className={`${cardClass} h-fit p-4`}>
            <h2 id="new-category" className="mb-3 font-semibold">
              {c('newName')}
            </h2>
            <JobCategoryForm
              name=""
              label={c('name')}
              submitLabel={c('add')}
              busyLabel={c('adding')}
              onSubmit={async (body) => {
                const created = await createJobCategory(body);
                await Promise.all([refresh(), jobsChanged()]);
                toast.success(t('settings.jobCategories.added', { name: created.name }));
              }}
            />
          </section>
        ) : null}
      </div>
      <Modal
        open={renaming !== null}
        onClose={() => setRenaming(null)}
        title={t('settings.jobCategories.renameTitle', { name: renaming?.name ?? '' })}
      >
        <JobCategoryForm
          name={renaming?.name ?? ''}
          label={c('name')}
          submitLabel={c('rename')}
          busyLabel={t('settings.saving')}
          onSubmit={async (body) => {
            if (!renaming) return;
            const saved = await updateJobCategory(renaming.id, body);
            await Promise.all([refresh(), jobsChanged()]);
            toast.success(t('settings.jobCategories.renamed', { name: saved.name }));
            setRenaming(null);
          }}
        />
      </Modal>
      <ConfirmDialog
        open={archiving !== null}
        onClose={() => setArchiving(null)}
        title={t('settings.jobCategories.archiveTitle', { name: archiving?.name ?? '' })}
        body={t('settings.jobCategories.archiveBody', {
          name: archiving?.name ?? '',
          count: archiving?.job_count ?? 0,
        })}
        confirmLabel={c('archiveConfirm')}
        destructive
        onConfirm={async () => {
          if (!archiving) return;
          await archiveJobCategory(archiving.id);
          await Promise.all([refresh(), jobsChanged()]);
          toast.success(t('settings.jobCategories.archivedDone', { name: archiving.name }));
        }}
      />
    </SettingsLayout>
  );
}
