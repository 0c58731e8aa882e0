import type { JobCategoryRecord } from '@rcm/shared/jobs';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListPagination } from '@/components/pagination.tsx';
import { cardClass, SettingsLayout } from '@/components/settings-layout.tsx';
import { linkClass } from '@/components/ui/button.ts';
import { ConfirmDialog } from '@/components/ui/confirm-dialog.tsx';
import { DataTable } from '@/components/ui/data-table.tsx';
import { Modal } from '@/components/ui/modal.tsx';
import { useAuth } from '@/lib/auth-store.ts';
import { useSeededName } from '@/lib/seeded-names.ts';
import { toast } from '@/lib/toast.ts';
import { useApiMutation } from '@/lib/use-api-mutation.ts';
import { userCan } from '@/lib/user-can.ts';
import {
  archiveJobCategory,
  createJobCategory,
  jobCategoriesSettingsQuery,
  updateJobCategory,
} from '../api/job-categories.ts';
import { jobKeys } from '../api/keys.ts';
import { JobCategoryForm } from '../components/job-category-form.tsx';

/** /settings/job-categories: every category with its job count; add, rename, archive and restore. */
export function JobCategoriesPage() {
  const { t } = useTranslation();
  const seeded = useSeededName();
  const { user: me } = useAuth();
  const [page, setPage] = useState(1);
  const query = useQuery(jobCategoriesSettingsQuery(page));
  const managedHere = query.data?.meta.managed_by === 'local';
  // Categories are shared by every organization: changing them needs organization_view_all too.
  const canEdit = managedHere && userCan(me, 'jobCategory.manage');
  const [renaming, setRenaming] = useState<JobCategoryRecord | null>(null);
  const [archiving, setArchiving] = useState<JobCategoryRecord | null>(null);
  const c = (key: string) => t(`settings.jobCategories.${key}`);
  const invalidates = [jobKeys.categories];
  const restore = useApiMutation({
    mutationFn: (category: JobCategoryRecord) => updateJobCategory(category.id, { archived: false }),
    invalidates,
    onSuccess: (_, category) =>
      toast.success(t('settings.jobCategories.restored', { name: seeded('job_category', category.name) })),
    showError: 'toast',
  });
  const create = useApiMutation({
    mutationFn: createJobCategory,
    invalidates,
    onSuccess: (created) => toast.success(t('settings.jobCategories.added', { name: created.name })),
  });
  const rename = useApiMutation({
    mutationFn: (body: { id: number; name: string }) => updateJobCategory(body.id, { name: body.name }),
    invalidates,
    onSuccess: (saved) => {
      toast.success(t('settings.jobCategories.renamed', { name: saved.name }));
      setRenaming(null);
    },
  });
  const archive = useApiMutation({
    mutationFn: (category: JobCategoryRecord) => archiveJobCategory(category.id),
    invalidates,
    onSuccess: (_, category) => toast.success(t('settings.jobCategories.archivedDone', { name: category.name })),
  });

  return (
    <SettingsLayout
      title={t('settings.sections.jobCategories')}
      subtitle={canEdit ? undefined : t('settings.readOnly')}
    >
      <p className="mb-4 max-w-3xl text-sm text-slate-700 dark:text-slate-200">
        {query.data?.meta.managed_by === 'zuper' ? c('zuper') : c('help')}
      </p>
      <div className="grid gap-6 lg:grid-cols-3">
        <div className="min-w-0 lg:col-span-2">
          <DataTable
            caption={c('table')}
            rows={query.data?.data ?? []}
            rowKey={(cat) => cat.id}
            query={query}
            loadingLabel={t('settings.loading')}
            errorLabel={t('settings.loadError')}
            emptyTitle={t('settings.sections.jobCategories')}
            emptyBody={c('empty')}
            columns={[
              {
                key: 'name',
                header: c('name'),
                className: 'align-top font-medium',
                cell: (cat) => seeded('job_category', cat.name),
              },
              {
                key: 'source',
                header: c('source'),
                className: 'align-top',
                cell: (cat) => t(`settings.jobCategories.sources.${cat.provider}`),
              },
              { key: 'jobs', header: c('jobs'), className: 'align-top tabular-nums', cell: (cat) => cat.job_count },
              {
                key: 'state',
                header: c('state'),
                className: 'align-top',
                cell: (cat) => (cat.archived ? c('archived') : c('active')),
              },
              {
                key: 'actions',
                header: t('settings.users.actions'),
                headerHidden: true,
                card: 'actions',
                className: 'align-top whitespace-nowrap text-right',
                cell: (cat) =>
                  canEdit && cat.provider === 'local' ? (
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
                          onClick={() => void restore.run(cat)}
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
                  ) : null,
              },
            ]}
          />
          <ListPagination meta={query.data?.meta} onPage={setPage} />
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
              onSubmit={(body) => create.run(body)}
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
            if (renaming) await rename.run({ id: renaming.id, ...body });
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
          if (archiving) await archive.run(archiving);
        }}
      />
    </SettingsLayout>
  );
}
