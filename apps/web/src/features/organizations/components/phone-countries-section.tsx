import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { primaryButton } from '@/components/ui/button.ts';
import { apiErrors, Input, RootError } from '@/components/ui/form.tsx';
import { QueryState } from '@/components/ui/query-state.tsx';
import { Section } from '@/components/ui/section.tsx';
import { toast } from '@/lib/toast.ts';
import { useApiMutation } from '@/lib/use-api-mutation.ts';
import { organizationKeys } from '../api/keys.ts';
import { phoneCountriesQuery, savePhoneCountries } from '../api/organizations.ts';

/** "Countries for SMS and calls": where its people's numbers may be, and the last day's verification codes. */
export function PhoneCountriesSection(props: { organizationId: number }) {
  const { t } = useTranslation();
  const setting = useQuery(phoneCountriesQuery(props.organizationId));
  const [text, setText] = useState('');
  const [errors, setErrors] = useState<{ field?: string; root?: string }>({});
  const save = useApiMutation({
    mutationFn: (codes: string[] | null) => savePhoneCountries(props.organizationId, codes),
    invalidates: [organizationKeys.phoneCountries(props.organizationId)],
    onSuccess: () => toast.success(t('organizations.phoneCountries.saved')),
  });
  useEffect(() => setText(setting.data?.countries?.join(', ') ?? ''), [setting.data]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setErrors({});
    const codes = text.split(/[\s,;]+/).filter(Boolean);
    try {
      await save.run(codes.length === 0 ? null : codes);
    } catch (err) {
      const { fields, root } = apiErrors(err, t('errors.network'));
      setErrors({ field: fields.map(([, message]) => message)[0], root });
    }
  };

  return (
    <Section id="phone-countries" title={t('organizations.phoneCountries.title')}>
      <QueryState query={setting} errorLabel={t('organizations.phoneCountries.loadError')}>
        {(data) => (
          <form onSubmit={submit} noValidate className="space-y-3">
            <p className="text-sm text-slate-700 dark:text-slate-300">{t('organizations.phoneCountries.intro')}</p>
            <RootError message={errors.root} />
            <Input
              label={t('organizations.phoneCountries.label')}
              hint={t('organizations.phoneCountries.hint', {
                countries: data.default_countries.join(', ') || t('organizations.phoneCountries.noneFound'),
              })}
              error={errors.field}
              placeholder={data.default_countries.join(', ')}
              value={text}
              onChange={(e) => setText(e.target.value)}
            />
            <p className="text-sm text-slate-700 dark:text-slate-300">
              {t('organizations.phoneCountries.lastDay', {
                sent: data.last_day.sent,
                refused: data.last_day.refused,
              })}
            </p>
            <button type="submit" className={primaryButton} disabled={save.isPending}>
              {save.isPending ? t('organizations.saving') : t('organizations.phoneCountries.save')}
            </button>
          </form>
        )}
      </QueryState>
    </Section>
  );
}
