import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormField, inputClass } from '@/components/form-field.tsx';
import { primaryButton, secondaryButton } from '@/components/ui/button.ts';

/**
 * The first step of adding a passkey: the name it is listed by (the device it lives on); empty, the
 * passkey is called "Passkey" in the person's language.
 */
export function PasskeyLabelForm(props: { onContinue: (label: string) => void; onCancel: () => void }) {
  const { t } = useTranslation();
  const [label, setLabel] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    props.onContinue(label.trim() || t('mfa.section.kinds.webauthn'));
  };
  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <p className="text-sm text-slate-700 dark:text-slate-300">{t('mfa.passkeys.addIntro')}</p>
      <FormField label={t('mfa.passkeys.label')} hint={t('mfa.passkeys.labelHint')}>
        {({ id, describedBy }) => (
          <input
            id={id}
            aria-describedby={describedBy}
            maxLength={80}
            autoComplete="off"
            value={label}
            onChange={(e) => setLabel(e.target.value)}
            className={inputClass}
          />
        )}
      </FormField>
      <div className="flex flex-wrap justify-end gap-3">
        <button type="button" onClick={props.onCancel} className={secondaryButton}>
          {t('common.cancel')}
        </button>
        <button type="submit" className={primaryButton}>
          {t('mfa.passkeys.continue')}
        </button>
      </div>
    </form>
  );
}
