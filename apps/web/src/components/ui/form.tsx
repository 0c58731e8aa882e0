import type { ComponentProps, FormEvent, ReactNode } from 'react';
import type {
  FieldErrors,
  FieldValues,
  Path,
  RegisterOptions,
  UseFormRegister,
  UseFormRegisterReturn,
  UseFormReturn,
} from 'react-hook-form';
import { ApiError } from '@/lib/api-client.ts';
import { controlProps, FormField } from '../form-field.tsx';

type Labelled = { label: string; error?: string; hint?: string };
type Base = Labelled & { reg: UseFormRegisterReturn };

/** The message of a field's error, whatever its shape. */
export function errorOf<T extends FieldValues>(errors: FieldErrors<T>, name: keyof T & string): string | undefined {
  const message = errors[name]?.message;
  return typeof message === 'string' ? message : undefined;
}

/** The message of the error at a dotted path of a form's errors (`full_charge.value`), if any. */
export function errorAt(errors: FieldErrors, path: string): string | undefined {
  const error = path.split('.').reduce<unknown>((o, k) => (o as Record<string, unknown> | undefined)?.[k], errors);
  return (error as { message?: string } | undefined)?.message;
}

/**
 * Binds a form's fields by name: `field('email')` is the `reg` and `error` of a TextInput, SelectInput
 * or CheckboxInput (a dotted name reaches into a group or list, `steps.0.delay_minutes`).
 */
export function fieldBinder<T extends FieldValues>(register: UseFormRegister<T>, errors: FieldErrors<T>) {
  return (name: Path<T>, options?: RegisterOptions<T, Path<T>>) => ({
    reg: register(name, options),
    error: errorAt(errors, name),
  });
}

/**
 * A labelled input with its error and hint below: its value held by the caller (`value`, `onChange`)
 * or by a form whose registration is spread in (TextInput).
 */
export function Input(props: Labelled & ComponentProps<'input'>) {
  const { label, error, hint, id, ...input } = props;
  return (
    <FormField label={label} error={error} hint={hint} id={id}>
      {(ids) => <input {...controlProps(ids)} {...input} />}
    </FormField>
  );
}

/** A labelled select with its error and hint below; its options are the children. */
export function Select(props: Labelled & ComponentProps<'select'>) {
  const { label, error, hint, id, ...select } = props;
  return (
    <FormField label={label} error={error} hint={hint} id={id}>
      {(ids) => <select {...controlProps(ids)} {...select} />}
    </FormField>
  );
}

/** A select's options over a list of values, each labelled by `label` (by its value when not given). */
export function Options<V extends string | number>(props: { values: readonly V[]; label?: (value: V) => ReactNode }) {
  return props.values.map((v) => (
    <option key={v} value={v}>
      {props.label ? props.label(v) : v}
    </option>
  ));
}

/** A form's registered text field (any `type`, text by default). */
export function TextInput(
  props: Base & {
    type?: string;
    step?: string;
    autoComplete?: string;
    inputMode?: 'numeric' | 'decimal';
    maxLength?: number;
  },
) {
  const { reg, type = 'text', ...rest } = props;
  return <Input type={type} {...rest} {...reg} />;
}

export function TextArea(props: Base & { rows?: number; maxLength?: number }) {
  return (
    <FormField label={props.label} error={props.error} hint={props.hint}>
      {(ids) => <textarea {...controlProps(ids)} rows={props.rows ?? 3} maxLength={props.maxLength} {...props.reg} />}
    </FormField>
  );
}

export function SelectInput(props: Base & { children: ReactNode }) {
  const { reg, ...rest } = props;
  return <Select {...rest} {...reg} />;
}

/**
 * A control's error under it, for controls outside FormField (a checkbox, a group); `id` is what the
 * control's `aria-describedby` names.
 */
export function FieldError(props: { id: string; message?: string }) {
  return props.message ? (
    <p id={props.id} className="mt-1 text-sm text-red-700 dark:text-red-300">
      {props.message}
    </p>
  ) : null;
}

export function CheckboxInput(props: Base) {
  const id = `field-${props.reg.name}`;
  return (
    <div>
      <div className="flex items-center gap-2">
        <input
          id={id}
          type="checkbox"
          className="size-4"
          aria-describedby={props.error ? `${id}-error` : undefined}
          {...props.reg}
        />
        <label htmlFor={id} className="text-sm">
          {props.label}
        </label>
      </div>
      <FieldError id={`${id}-error`} message={props.error} />
    </div>
  );
}

/**
 * A page's form on a card: the schema's messages instead of the browser's validation, the form-level
 * error (`rootError`) first.
 */
export function FormCard(props: {
  onSubmit: (e: FormEvent<HTMLFormElement>) => void;
  rootError?: string;
  width: 'max-w-xl' | 'max-w-2xl';
  children: ReactNode;
}) {
  return (
    <form
      onSubmit={props.onSubmit}
      noValidate
      className={`${props.width} space-y-5 rounded-lg border border-slate-200 bg-white p-6 dark:border-slate-700 dark:bg-slate-900`}
    >
      <RootError message={props.rootError} />
      {props.children}
    </form>
  );
}

export function RootError(props: { message?: string | null }) {
  return props.message ? (
    <div role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-800 dark:bg-red-950 dark:text-red-100">
      {props.message}
    </div>
  ) : null;
}

/** The API's localized field errors, or one form-level message. */
export function apiErrors(err: unknown, networkMessage: string): { fields: [string, string][]; root?: string } {
  if (!(err instanceof ApiError)) throw err;
  const fields = err.fields.map((f): [string, string] => [f.field, f.message]);
  if (fields.length > 0) return { fields };
  return { fields, root: err.code === 'network' ? networkMessage : err.message };
}

/**
 * Puts the API's refusal on the form: each field's message under its field, anything else on top.
 * `shown`, when given, names the fields the form displays: a refusal of any other field (one the
 * request sends from elsewhere, such as the record it is about) is shown on top, not lost.
 */
export function applyServerErrors<T extends FieldValues>(
  form: Pick<UseFormReturn<T>, 'setError'>,
  err: unknown,
  networkMessage: string,
  shown?: readonly Path<T>[],
): void {
  const { fields, root } = apiErrors(err, networkMessage);
  const top: string[] = root ? [root] : [];
  for (const [field, message] of fields) {
    if (shown && !shown.includes(field as Path<T>)) top.push(message);
    else form.setError(field as Path<T>, { message });
  }
  if (top.length > 0) form.setError('root', { message: top.join(' ') });
}
