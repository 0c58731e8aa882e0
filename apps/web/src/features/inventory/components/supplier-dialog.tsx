import { type SupplierBody, type SupplierRecord, supplierBody } from '@rcm/shared/suppliers';
import { useTranslation } from 'react-i18next';
import { primaryButton, secondaryButton } from '@/components/ui/button.ts';
import { fieldBinder, RootError, TextInput } from '@/components/ui/form.tsx';
import { Modal } from '@/components/ui/modal.tsx';
import { toast } from '@/lib/toast.ts';
import { useApiMutation } from '@/lib/use-api-mutation.ts';
import { useRecordForm } from '@/lib/use-record-form.ts';
import { purchaseOrderKeys, supplierKeys } from '../api/keys.ts';
import { saveSupplier } from '../api/suppliers.ts';

type FormValues = { code: string; name: string; email: string; phone: string; account_number: string };

const EMPTY: FormValues = { code: '', name: '', email: '', phone: '', account_number: '' };

/** The form's values for a saved supplier. */
const valuesOf = (supplier: SupplierRecord): FormValues => ({
  code: supplier.code,
  name: supplier.name,
  email: supplier.email,
  phone: supplier.phone,
  account_number: supplier.account_number,
});

/** Create (supplier null) or edit a supplier, validated with the server's schema. */
export function SupplierDialog(props: { open: boolean; supplier: SupplierRecord | null; onClose: () => void }) {
  const { t } = useTranslation();
  const { supplier } = props;
  const { form, clear } = useRecordForm<SupplierRecord, FormValues, SupplierBody>(
    supplier,
    valuesOf,
    EMPTY,
    supplierBody,
  );
  const { errors, isSubmitting } = form.formState;
  const field = fieldBinder(form.register, errors);

  const save = useApiMutation({
    mutationFn: (body: SupplierBody) => saveSupplier(supplier?.id ?? null, body),
    // A purchase order shows its supplier's name.
    invalidates: [supplierKeys.all, purchaseOrderKeys.all],
    onSuccess: (saved) => {
      toast.success(t(supplier ? 'inventory.suppliers.saved' : 'inventory.suppliers.created', { name: saved.name }));
      clear();
      props.onClose();
    },
    showError: { form },
  });
  const submit = form.handleSubmit((body) => save.run(body));

  const s = (key: string) => t(`inventory.suppliers.${key}`);
  return (
    <Modal
      open={props.open}
      onClose={props.onClose}
      title={supplier ? t('inventory.suppliers.editTitle', { name: supplier.name }) : s('createTitle')}
    >
      <form onSubmit={submit} noValidate className="space-y-4">
        <RootError message={errors.root?.message} />
        <div className="grid gap-4 sm:grid-cols-3">
          <TextInput {...field('code')} label={s('code')} hint={s('codeHint')} />
          <div className="sm:col-span-2">
            <TextInput {...field('name')} label={s('name')} />
          </div>
        </div>
        <TextInput {...field('email')} type="email" label={s('email')} hint={s('emailHint')} />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextInput {...field('phone')} type="tel" label={s('phone')} />
          <TextInput {...field('account_number')} label={s('accountNumber')} />
        </div>
        <div className="flex justify-end gap-2 pt-2">
          <button type="button" onClick={props.onClose} className={secondaryButton}>
            {t('inventory.cancel')}
          </button>
          <button type="submit" disabled={isSubmitting} className={primaryButton}>
            {isSubmitting ? s('saving') : s('save')}
          </button>
        </div>
      </form>
    </Modal>
  );
}
