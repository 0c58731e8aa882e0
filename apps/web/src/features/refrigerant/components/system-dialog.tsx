import {
  APPLIANCE_TYPES,
  REFRIGERANT_CODES,
  type RefrigerantSystem,
  type RefrigerantSystemBody,
  refrigerantSystemBody,
} from '@rcm/shared/refrigerant';
import { MASS_UNITS, massUnitFor } from '@rcm/shared/units';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { CheckboxInput, RootError, SelectInput, TextInput } from '@/components/ui/form.tsx';
import { FormActions } from '@/components/ui/form-actions.tsx';
import { Modal } from '@/components/ui/modal.tsx';
import { formResolver } from '@/lib/form-errors.ts';
import { toast } from '@/lib/toast.ts';
import { useApiMutation } from '@/lib/use-api-mutation.ts';
import { refrigerantKeys } from '../api/keys.ts';
import { saveSystem } from '../api/refrigerant.ts';

type FormValues = {
  refrigerant: string;
  charge: string;
  unit: string;
  appliance_type: string;
  leak_detection_system: boolean;
};

// The form holds strings; the API's own schema validates what they become.
const formSchema = z.preprocess((v) => {
  const f = v as FormValues;
  return {
    refrigerant: f.refrigerant || undefined,
    full_charge: { value: f.charge === '' ? undefined : Number(f.charge), unit: f.unit },
    appliance_type: f.appliance_type || undefined,
    leak_detection_system: f.leak_detection_system,
  };
}, refrigerantSystemBody);

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
  const { errors, isSubmitting } = form.formState;
  const fieldError = (name: string) => {
    const e = name.split('.').reduce<unknown>((o, k) => (o as Record<string, unknown> | undefined)?.[k], errors) as
      | { message?: string }
      | undefined;
    return e?.message;
  };

  const save = useApiMutation({
    mutationFn: (body: RefrigerantSystemBody) => saveSystem(props.controllerId, props.rackRef, body),
    invalidates: [refrigerantKeys.rack(props.controllerId, props.rackRef)],
    onSuccess: () => {
      toast.success(t('refrigerant.systemSaved'));
      props.onClose();
    },
    showError: { form },
  });
  const submit = form.handleSubmit((body) => save.run(body));

  return (
    <Modal open={props.open} onClose={props.onClose} title={t('refrigerant.editTitle', { ref: props.rackRef })}>
      <form onSubmit={submit} noValidate className="space-y-4">
        <RootError message={errors.root?.message} />
        <SelectInput
          label={t('refrigerant.refrigerant')}
          reg={form.register('refrigerant')}
          error={fieldError('refrigerant')}
        >
          <option value="">{t('refrigerant.chooseOption')}</option>
          {REFRIGERANT_CODES.map((code) => (
            <option key={code} value={code}>
              {code}
            </option>
          ))}
        </SelectInput>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextInput
            label={t('refrigerant.fullCharge')}
            type="number"
            step="any"
            reg={form.register('charge')}
            error={fieldError('full_charge.value') ?? fieldError('full_charge')}
          />
          <SelectInput label={t('refrigerant.unit')} reg={form.register('unit')} error={fieldError('full_charge.unit')}>
            {MASS_UNITS.map((u) => (
              <option key={u} value={u}>
                {u}
              </option>
            ))}
          </SelectInput>
        </div>
        <SelectInput
          label={t('refrigerant.applianceType')}
          reg={form.register('appliance_type')}
          error={fieldError('appliance_type')}
        >
          {APPLIANCE_TYPES.map((a) => (
            <option key={a} value={a}>
              {t(`refrigerant.appliance_${a}`)}
            </option>
          ))}
        </SelectInput>
        <CheckboxInput label={t('refrigerant.leakDetection')} reg={form.register('leak_detection_system')} />
        <FormActions
          onCancel={props.onClose}
          submitting={isSubmitting}
          label={t('refrigerant.save')}
          busyLabel={t('refrigerant.saving')}
        />
      </form>
    </Modal>
  );
}
