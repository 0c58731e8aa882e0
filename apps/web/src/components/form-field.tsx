import { type ReactNode, useId } from 'react';

export const inputClass =
  'mt-1 block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm dark:border-slate-600 dark:bg-slate-900 aria-invalid:border-red-600';

/** A compact control in a list's filter bar. */
export const filterClass =
  'mt-1 block w-full rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm dark:border-slate-600 dark:bg-slate-900';

/** What FormField hands its control: the id its label names, and the error and hint that describe it. */
export type FieldIds = { id: string; describedBy: string | undefined; invalid: true | undefined };

/** The attributes that tie a control to its FormField (label, error, hint) and give it the input look. */
export function controlProps(ids: FieldIds) {
  return { id: ids.id, 'aria-invalid': ids.invalid, 'aria-describedby': ids.describedBy, className: inputClass };
}

/** A labelled control with its error below, linked for assistive tech; `id` names the control, else one is made. */
export function FormField(props: {
  label: string;
  error?: string;
  hint?: string;
  id?: string;
  children: (ids: FieldIds) => ReactNode;
}) {
  const madeId = useId();
  const id = props.id ?? madeId;
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [props.error ? errorId : null, props.hint ? hintId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium">
        {props.label}
      </label>
      {props.children({ id, describedBy, invalid: props.error ? true : undefined })}
      {props.hint ? (
        <p id={hintId} className="mt-1 text-xs text-slate-600 dark:text-slate-300">
          {props.hint}
        </p>
      ) : null}
      {props.error ? (
        <p id={errorId} className="mt-1 text-sm text-red-700 dark:text-red-300">
          {props.error}
        </p>
      ) : null}
    </div>
  );
}
