import { type JobCategoryBody, jobCategoryBody } from '@rcm/shared/jobs';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { primaryButton } from '@/components/ui/button.ts';
import { applyServerErrors, errorOf, RootError, TextInput } from '@/components/ui/form.tsx';
import { formResolver } from '@/lib/form-errors.ts';

/** A category's name, to add one or rename it; the server's refusal shows under the field. */
export function JobCategoryForm(props: {
  name: string;
  label: string;
  submitLabel: string;
  busyLabel: string;
  onSubmit: (body: JobCategoryBody) => Promise<unknown>;
}) {
  const { t } = useTranslation();
  const form = useForm<JobCategoryBody>({
    values: { name: props.name },
    resolver: formResolver(jobCategoryBody, t),
  });
  const { errors, isSubmitting } = form.formState;
  const submit = form.handleSubmit(async (body) => {
    try {
      await props.onSubmit(body);
      form.reset({ name: props.name });
    } catch (err) {
      applyServerErrors(form, err, t('errors.network'));
    }
  });
  return (
    <form onSubmit={submit} noValidate className="space-y-3">
      <RootError message={errors.root?.message} />
      <TextInput reg={form.register('name')} label={props.label} error={errorOf(errors, 'name')} />
      <button type="submit" disabled={isSubmitting} className={primaryButton}>
        {isSubmitting ? props.busyLabel : props.submitLabel}
      </button>
    </form>
  );
}
