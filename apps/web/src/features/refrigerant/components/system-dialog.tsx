import {
  APPLIANCE_TYPES,
  REFRIGERANT_CODES,
  type RefrigerantSystem,
  type RefrigerantSystemBody,
  refrigerantSystemBody,
} from '@rcm/shared/refrigerant';
import { massUnitFor } from '@rcm/shared/units';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { CheckboxInput, errorAt, fieldBinder, Options, SelectInput } from '@/components/ui/form.tsx';
import { FormDialog } from '@/components/ui/form-dialog.tsx';
import { formBody, formResolver } from '@/lib/form-errors.ts';
import { toast } from '@/lib/toast.ts';
import { refrigerantKeys } from '../api/keys.ts';
import { saveSystem } from '../api/refrigerant.ts';
import { MassFields } from './mass-fields.tsx';

type FormValues = {
  refrigerant: string;
  charge: string;
  unit: string;
  appliance_type: string;
  leak_detection_system: boolean;
};

// The form holds strings; the API's own schema validates what they become.
const formSchema = formBody(
  (f: FormValues) => ({
    refrigerant: f.refrigerant || undefined,
    full_charge: { value: f.charge === '' ? undefined : Number(f.charge), unit: f.unit },
    appliance_type: f.appliance_type || undefined,
    leak_detection_system: f.leak_detection_system,
  }),
  refrigerantSystemBody,
);

/** Sets up or edits a rack's refrigeration system. */
export function SystemDialog(props: {
  open: boolean;
  onClose: () => void;
  controllerId: number;
  rackRef: string;
  system: RefrigerantSystem | null;
}) {
  const { t, i18n } = useTranslation();
  const s = props.system;
  const form = useForm<FormValues, unknown, RefrigerantSystemBody>({
    values: {
      refrigerant: s?.refrigerant ?? '',
      charge: s ? String(s.full_charge.value) : '',
      unit: s?.full_charge.unit ?? massUnitFor(i18n.language),
      appliance_type: s?.appliance_type ?? 'commercial_refrigeration',
      leak_detection_system: s?.leak_detection_system ?? false,
    },
    resolver: formResolver(formSchema, t),
  });
  const { errors } = form.formState;
  const fieldError = (name: string) => errorAt(errors, name);
  const field = fieldBinder(form.register, errors);

  return (
    <FormDialog
      open={props.open}
      onClose={props.onClose}
      title={t('refrigerant.editTitle', { ref: props.rackRef })}
      form={form}
      save={(body) => saveSystem(props.controllerId, props.rackRef, body)}
      invalidates={[refrigerantKeys.rack(props.controllerId, props.rackRef)]}
      onSaved={() => toast.success(t('refrigerant.systemSaved'))}
      submitLabel={t('refrigerant.save')}
      busyLabel={t('refrigerant.saving')}
    >
      <SelectInput label={t('refrigerant.refrigerant')} {...field('refrigerant')}>
        <option value="">{t('refrigerant.chooseOption')}</option>
        <Options values={REFRIGERANT_CODES} />
      </SelectInput>
      <MassFields
        className="grid gap-4 sm:grid-cols-2"
        label={t('refrigerant.fullCharge')}
        amount={form.register('charge')}
        unit={form.register('unit')}
        amountError={fieldError('full_charge.value') ?? fieldError('full_charge')}
        unitError={fieldError('full_charge.unit')}
      />
      <SelectInput label={t('refrigerant.applianceType')} {...field('appliance_type')}>
        <Options values={APPLIANCE_TYPES} label={(a) => t(`refrigerant.appliance_${a}`)} />
      </SelectInput>
      <CheckboxInput label={t('refrigerant.leakDetection')} reg={form.register('leak_detection_system')} />
    </FormDialog>
  );
}
