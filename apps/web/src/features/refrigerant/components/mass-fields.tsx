import { MASS_UNITS } from '@rcm/shared/units';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Options, SelectInput, TextInput } from '@/components/ui/form.tsx';

/** A mass of refrigerant: its amount and its unit side by side (`className` lays out the pair). */
export function MassFields(props: {
  className: string;
  label: string;
  amount: UseFormRegisterReturn;
  unit: UseFormRegisterReturn;
  amountError?: string;
  unitError?: string;
}) {
  const { t } = useTranslation();
  return (
    <div className={props.className}>
      <TextInput label={props.label} type="number" step="any" reg={props.amount} error={props.amountError} />
      <SelectInput label={t('refrigerant.unit')} reg={props.unit} error={props.unitError}>
        <Options values={MASS_UNITS} />
      </SelectInput>
    </div>
  );
}
