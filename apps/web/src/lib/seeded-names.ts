import { seededKey } from '@rcm/shared/seeded';
import { useTranslation } from 'react-i18next';

/**
 * A role's, job category's or team's name as the reader should see it: a name the product seeded
 * (and nobody changed) in the interface language, any other name as typed.
 */
export function useSeededName(): (kind: string, name: string) => string {
  const { t } = useTranslation();
  return (kind, name) => {
    const key = seededKey(kind, name);
    return key ? t(`seeded.${kind}.${key}`) : name;
  };
}
