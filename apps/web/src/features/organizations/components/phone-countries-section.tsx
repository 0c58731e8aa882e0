import { type PhoneCountriesBody, phoneCountriesBody } from '@rcm/shared/channels';
import { useQuery } from '@tanstack/react-query';
import { type FieldErrors, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { primaryButton } from '@/components/ui/button.ts';
import { Input, RootError } from '@/components/ui/form.tsx';
import { QueryState } from '@/components/ui/query-state.tsx';
import { Section } from '@/components/ui/section.tsx';
import { formBody, formResolver } from '@/lib/form-errors.ts';
import { toast } from '@/lib/toast.ts';
import { useApiMutation } from '@/lib/use-api-mutation.ts';
import { organizationKeys } from '../api/keys.ts';
import { phoneCountriesQuery, savePhoneCountries } from '../api/organizations.ts';

type Values = { countries: string };

// The codes as typed (separated by spaces, commas or semicolons); none is the locations' own countries.
const formSchema = formBody((v: Values) => {
  const codes = v.countries.split(/[\s,;]+/).filter(Boolean);
  return { countries: codes.length === 0 ? null : codes };
}, phoneCountriesBody);

/** The field's message: a refused code's is under its place in the list (`countries.2`), the first one shown. */
function countriesError(errors: FieldErrors<Values>): string | undefined {
  const error: unknown = errors.countries;
  const found = Array.isArray(error) ? error.find(Boolean) : error;
  return (found as { message?: string } | undefined)?.message;
}

/** "Countries for SMS and calls": where its people's numbers may be, and the last day's verification codes. */
export function PhoneCountriesSection(props: { organizationId: number }) {
  const { t } = useTranslation();
  const setting = useQuery(phoneCountriesQuery(props.organizationId));
  const form = useForm<Values, unknown, PhoneCountriesBody>({
    values: setting.data ? { countries: setting.data.countries?.join(', ') ?? '' } : undefined,
    resolver: formResolver(formSchema, t),
  });
  const { errors } = form.formState;
  const save = useApiMutation({
    mutationFn: (body: PhoneCountriesBody) => savePhoneCountries(props.organizationId, body.countries),
    invalidates: [organizationKeys.phoneCountries(props.organizationId)],
    onSuccess: () => toast.success(t('organizations.phoneCountries.saved')),
    showError: { form },
  });
  const submit = form.handleSubmit((body) => save.run(body));

  return (
    <Section id="phone-countries" title={t('organizations.phoneCountries.title')}>
      <QueryState query={setting} errorLabel={t('organizations.phoneCountries.loadError')}>
        {(data) => (
          <form onSubmit={submit} noValidate className="space-y-3">
            <p className="text-sm text-slate-700 dark:text-slate-300">{t('organizations.phoneCountries.intro')}</p>
            <RootError message={errors.root?.message} />
            <Input
              label={t('organizations.phoneCountries.label')}
              hint={t('organizations.phoneCountries.hint', {
                countries: data.default_countries.join(', ') || t('organizations.phoneCountries.noneFound'),
              })}
              error={countriesError(errors)}
              placeholder={data.default_countries.join(', ')}
              {...form.register('countries')}
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
