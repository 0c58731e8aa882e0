import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { primaryButton, secondaryButton } from './button.ts';

/** A form's submit button: disabled and relabelled (`busyLabel`) while the form is being sent. */
export function SubmitButton(props: { submitting: boolean; label: string; busyLabel: string; className?: string }) {
  return (
    <button type="submit" disabled={props.submitting} className={props.className ?? primaryButton}>
      {props.submitting ? props.busyLabel : props.label}
    </button>
  );
}

/**
 * The buttons under a form: Cancel (a button calling `onCancel`, or the element given as `cancel`,
 * e.g. a link back) and the submit button. In a dialog they sit on the right.
 */
export function FormActions(
  props: {
    submitting: boolean;
    label: string;
    busyLabel: string;
    align?: 'start' | 'end';
  } & ({ onCancel: () => void; cancelLabel?: string } | { cancel: ReactNode }),
) {
  const { t } = useTranslation();
  const submit = <SubmitButton submitting={props.submitting} label={props.label} busyLabel={props.busyLabel} />;
  const cancel =
    'cancel' in props ? (
      props.cancel
    ) : (
      <button type="button" onClick={props.onCancel} className={secondaryButton}>
        {props.cancelLabel ?? t('common.cancel')}
      </button>
    );
  return props.align === 'start' ? (
    <div className="flex flex-wrap gap-3">
      {submit}
      {cancel}
    </div>
  ) : (
    <div className="flex flex-wrap justify-end gap-3 pt-2">
      {cancel}
      {submit}
    </div>
  );
}
