import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { fieldBinder, TextInput } from '@/components/ui/form.tsx';

type Values = { password: string; password_again: string };

/** A new password, typed twice, with the rule it must meet (setup, a reset, a new account's link). */
export function NewPasswordFields<T extends Values>(props: {
  register: UseFormRegister<T>;
  errors: FieldErrors<T>;
  labels: { password: string; again: string };
}) {
  const { t } = useTranslation();
  const register = props.register as unknown as UseFormRegister<Values>;
  const errors = props.errors as FieldErrors<Values>;
  const field = fieldBinder(register, errors);
  return (
    <>
      <TextInput
        {...field('password')}
        type="password"
        label={props.labels.password}
        hint={t('accounts.setup.passwordHint')}
        autoComplete="new-password"
      />
      <TextInput {...field('password_again')} type="password" label={props.labels.again} autoComplete="new-password" />
    </>
  );
}
