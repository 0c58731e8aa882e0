import { useTranslation } from 'react-i18next';
import { Page } from '@/components/page.tsx';
import { LabelledSection } from '@/components/ui/section.tsx';

function Policy(props: { id: string; title: string; paragraphs: string[] }) {
  return (
    <LabelledSection
      id={props.id}
      title={props.title}
      className="rounded-lg border border-slate-200 bg-white p-6 dark:border-slate-700 dark:bg-slate-900"
      headingClassName="text-lg font-semibold"
    >
      {props.paragraphs.map((p) => (
        <p key={p} className="mt-3 text-sm leading-6 text-slate-700 dark:text-slate-200">
          {p}
        </p>
      ))}
    </LabelledSection>
  );
}

/** /legal: Privacy Policy and Terms & Conditions. */
export function LegalPage() {
  const { t } = useTranslation();
  return (
    <Page title={t('legal.title')}>
      <div className="grid gap-6 lg:grid-cols-2">
        <Policy
          id="privacy"
          title={t('legal.privacyTitle')}
          paragraphs={t('legal.privacy', { returnObjects: true }) as string[]}
        />
        <Policy
          id="terms"
          title={t('legal.termsTitle')}
          paragraphs={t('legal.terms', { returnObjects: true }) as string[]}
        />
      </div>
    </Page>
  );
}
