import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '@/components/page.tsx';
import { Section } from '@/components/ui/section.tsx';

/**
 * An account page's card about contact channels, built on two reads: the spinner until both have
 * answered, the channels' load error if either failed, else `children` with both answers.
 */
export function ChannelReadsSection<A, B>(props: {
  title: string;
  id: string;
  reads: [UseQueryResult<A>, UseQueryResult<B>];
  children: (a: A, b: B) => ReactNode;
}) {
  const { t } = useTranslation();
  const [a, b] = props.reads;
  return (
    <Section title={props.title} id={props.id}>
      {a.isPending || b.isPending ? (
        <Spinner label={t('common.loading')} />
      ) : a.isError || b.isError ? (
        <p role="alert" className="text-sm">
          {t('channels.loadError')}
        </p>
      ) : (
        props.children(a.data, b.data)
      )}
    </Section>
  );
}
