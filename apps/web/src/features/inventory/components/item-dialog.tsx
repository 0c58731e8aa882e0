import { type InventoryItem, type InventoryItemBody, ITEM_TYPES, inventoryItemBody } from '@rcm/shared/inventory';
import { useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { z } from 'zod';
import { FormField, inputClass } from '../../../components/form-field.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { formResolver } from '../../../lib/form-errors.ts';
import { saveItem } from '../api/inventory.ts';

type FormValues = {
  product_name: string;
  part_number: string;
  type: string;
  brand: string;
  specification: string;
  quantity: string;
  reorder_level: string;
  unit_price: string;
  organization_id: string;
};

const num = (v: string) => (v.trim() === '' ? undefined : Number(v));

// The form holds strings; the API's own schema validates what they become.
const formSchema = z.preprocess((v) => {
  const f = v as FormValues;
  return {
    ...f,
    quantity: num(f.quantity),
    reorder_level: num(f.reorder_level),
    unit_price: num(f.unit_price),
    organization_id: f.organization_id ? Number(f.organization_id) : undefined,
  };
}, inventoryItemBody);

const EMPTY: FormValues = {
  product_name: '',
  part_number: '',
  type: 'valve',
  brand: '',
  specification: '',
  quantity: '0',
  reorder_level: '0',
  unit_price: '',
  organization_id: '',
};

/** Create (item null) or edit an item, validated with the server's schema. */
export function ItemDialog(props: {
  open: boolean;
  item: InventoryItem | null;
  organizations: { id: number; name: string }[];
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { item } = props;
  const form = useForm<FormValues, unknown, InventoryItemBody>({
    values: item
      ? {
          product_name: item.product_name,
          part_number: item.part_number,
          type: item.type,
          brand: item.brand,
          specification: item.specification,
          quantity: String(item.quantity),
          reorder_level: String(item.reorder_level),
          unit_price: item.unit_price.toFixed(2),
          organization_id: '',
        }
      : EMPTY,
    resolver: formResolver(formSchema, t),
  });
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async (body) => {
    try {
      await saveItem(item?.id ?? null, item ? { ...body, organization_id: undefined } : body);
      await queryClient.invalidateQueries({ queryKey: ['inventory'] });
      toast.success(item ? t('inventory.saved') : t('inventory.created'));
      form.reset(EMPTY);
      props.onClose();
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
      for (const f of err.fields) form.setError(f.field as keyof FormValues, { message: f.message });
      if (err.fields.length === 0)
        form.setError('root', { message: err.code === 'network' ? t('errors.network') : err.message });
    }
  });

  const text = (name: keyof FormValues, label: string, inputMode?: 'numeric' | 'decimal') => (
    <FormField label={label} error={errors[name]?.message}>
      {({ id, describedBy, invalid }) => (
        <input
          id={id}
          type="text"
          inputMode={inputMode}
          aria-invalid={invalid}
          aria-describedby={describedBy}
          className={inputClass}
          {...form.register(name)}
        />
      )}
    </FormField>
  );

  return (
    <Modal
      open={props.open}
      onClose={props.onClose}
      title={item ? t('inventory.editTitle') : t('inventory.createTitle')}
    >
      <form onSubmit={submit} noValidate className="space-y-4">
        {errors.root ? (
          <div role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-800 dark:bg-red-950 dark:text-red-100">
            {errors.root.message}
          </div>
        ) : null}
        {!item && props.organizations.length > 1 ? (
          <FormField label={t('inventory.organization')} error={errors.organization_id?.message}>
            {({ id, describedBy, invalid }) => (
              <select
                id={id}
                aria-invalid={invalid}
                aria-describedby={describedBy}
                className={inputClass}
                {...form.register('organization_id')}
              >
                {props.organizations.map((o) => (
                  <option key={o.id} value={o.id}>
                    {o.name}
                  </option>
                ))}
              </select>
            )}
          </FormField>
        ) : null}
        <div className="grid gap-4 sm:grid-cols-2">
          {text('product_name', t('inventory.productName'))}
          {text('part_number', t('inventory.partNumber'))}
          <FormField label={t('inventory.type')} error={errors.type?.message}>
            {({ id, describedBy, invalid }) => (
              <select
                id={id}
                aria-invalid={invalid}
                aria-describedby={describedBy}
                className={inputClass}
                {...form.register('type')}
              >
                {ITEM_TYPES.map((type) => (
                  <option key={type} value={type}>
                    {t(`inventory.types.${type}`)}
                  </option>
                ))}
              </select>
            )}
          </FormField>
          {text('brand', t('inventory.brand'))}
        </div>
        {text('specification', t('inventory.specification'))}
        <div className="grid gap-4 sm:grid-cols-3">
          {text('quantity', t('inventory.quantity'), 'numeric')}
          {text('reorder_level', t('inventory.reorderLevel'), 'numeric')}
          {text('unit_price', t('inventory.unitPrice'), 'decimal')}
        </div>
        <div className="flex justify-end gap-2 pt-2">
          <button
            type="button"
            onClick={props.onClose}
            className="rounded-md border border-slate-300 px-4 py-2 text-sm font-medium dark:border-slate-600"
          >
            {t('inventory.cancel')}
          </button>
          <button
            type="submit"
            disabled={isSubmitting}
            className="rounded-md bg-blue-700 px-4 py-2 text-sm font-semibold text-white hover:bg-blue-800 disabled:opacity-60"
          >
            {isSubmitting ? t('inventory.saving') : t('inventory.save')}
          </button>
        </div>
      </form>
    </Modal>
  );
}
