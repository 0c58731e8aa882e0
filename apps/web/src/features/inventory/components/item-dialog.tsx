import { type InventoryItem, type InventoryItemBody, ITEM_TYPES, inventoryItemBody } from '@rcm/shared/inventory';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { errorOf, RootError, SelectInput, TextInput } from '@/components/ui/form.tsx';
import { FormActions } from '@/components/ui/form-actions.tsx';
import { Modal } from '@/components/ui/modal.tsx';
import { formResolver } from '@/lib/form-errors.ts';
import { toast } from '@/lib/toast.ts';
import { useApiMutation } from '@/lib/use-api-mutation.ts';
import { saveItem } from '../api/inventory.ts';
import { inventoryKeys } from '../api/keys.ts';

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

  const save = useApiMutation({
    mutationFn: (body: InventoryItemBody) =>
      saveItem(item?.id ?? null, item ? { ...body, organization_id: undefined } : body),
    invalidates: [inventoryKeys.all],
    onSuccess: () => {
      toast.success(item ? t('inventory.saved') : t('inventory.created'));
      form.reset(EMPTY);
      props.onClose();
    },
    showError: { form },
  });
  const submit = form.handleSubmit((body) => save.run(body));

  const text = (name: keyof FormValues, label: string, inputMode?: 'numeric' | 'decimal') => (
    <TextInput label={label} inputMode={inputMode} reg={form.register(name)} error={errorOf(errors, name)} />
  );

  return (
    <Modal
      open={props.open}
      onClose={props.onClose}
      title={item ? t('inventory.editTitle') : t('inventory.createTitle')}
    >
      <form onSubmit={submit} noValidate className="space-y-4">
        <RootError message={errors.root?.message} />
        {!item && props.organizations.length > 1 ? (
          <SelectInput
            label={t('inventory.organization')}
            reg={form.register('organization_id')}
            error={errorOf(errors, 'organization_id')}
          >
            {props.organizations.map((o) => (
              <option key={o.id} value={o.id}>
                {o.name}
              </option>
            ))}
          </SelectInput>
        ) : null}
        <div className="grid gap-4 sm:grid-cols-2">
          {text('product_name', t('inventory.productName'))}
          {text('part_number', t('inventory.partNumber'))}
          <SelectInput label={t('inventory.type')} reg={form.register('type')} error={errorOf(errors, 'type')}>
            {ITEM_TYPES.map((type) => (
              <option key={type} value={type}>
                {t(`inventory.types.${type}`)}
              </option>
            ))}
          </SelectInput>
          {text('brand', t('inventory.brand'))}
        </div>
        {text('specification', t('inventory.specification'))}
        <div className="grid gap-4 sm:grid-cols-3">
          {text('quantity', t('inventory.quantity'), 'numeric')}
          {text('reorder_level', t('inventory.reorderLevel'), 'numeric')}
          {text('unit_price', t('inventory.unitPrice'), 'decimal')}
        </div>
        <FormActions
          onCancel={props.onClose}
          cancelLabel={t('inventory.cancel')}
          submitting={isSubmitting}
          label={t('inventory.save')}
          busyLabel={t('inventory.saving')}
        />
      </form>
    </Modal>
  );
}
