import type { QueryKey } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { useApiMutation } from '@/lib/use-api-mutation.ts';
import { RootError } from './form.tsx';
import { FormActions } from './form-actions.tsx';
import { Modal } from './modal.tsx';

/**
 * A dialog that is one form saved through the API: its intro, the form-level error, the fields, then
 * Cancel and the submit button. The form's valid body goes to `save`; once it is saved the queries
 * `invalidates` names are refetched, `onSaved` says so (a toast) and the dialog closes. The API's
 * refusals are shown on the form.
 */
export function FormDialog<TValues extends FieldValues, TBody, TData>(props: {
  open: boolean;
  onClose: () => void;
  title: string;
  wide?: boolean;
  form: UseFormReturn<TValues, unknown, TBody>;
  save: (body: TBody) => Promise<TData>;
  invalidates: readonly QueryKey[];
  onSaved: (data: TData) => void;
  submitLabel: string;
  busyLabel: string;
  /** The Cancel button's words, where the feature says it its own way. */
  cancelLabel?: string;
  /** What the dialog says before the form-level error and the fields. */
  intro?: ReactNode;
  /** The form-level error, where the form has more than the root's (a list's own). */
  rootError?: string;
  children: ReactNode;
}) {
  const { form } = props;
  const mutation = useApiMutation({
    mutationFn: props.save,
    invalidates: props.invalidates,
    onSuccess: (data) => {
      props.onSaved(data);
      props.onClose();
    },
    showError: { form },
  });
  const { errors, isSubmitting } = form.formState;
  return (
    <Modal open={props.open} onClose={props.onClose} wide={props.wide} title={props.title}>
      <form onSubmit={form.handleSubmit((body) => mutation.run(body))} noValidate className="space-y-4">
        {props.intro}
        <RootError message={props.rootError ?? errors.root?.message} />
        {props.children}
        <FormActions
          submitting={isSubmitting}
          label={props.submitLabel}
          busyLabel={props.busyLabel}
          onCancel={props.onClose}
          cancelLabel={props.cancelLabel}
        />
      </form>
    </Modal>
  );
}
