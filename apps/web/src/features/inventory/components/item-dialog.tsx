import { type InventoryItem, type InventoryItemBody, ITEM_TYPES, inventoryItemBody } from '@rcm/shared/inventory';
import { useTranslation } from 'react-i18next';
import { fieldBinder, Options, SelectInput, TextInput } from '@/components/ui/form.tsx';
import { FormDialog } from '@/components/ui/form-dialog.tsx';
import { formBody } from '@/lib/form-errors.ts';
import { toast } from '@/lib/toast.ts';
import { useRecordForm } from '@/lib/use-record-form.ts';
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
const formSchema = formBody(
  (f: FormValues) => ({
    ...f,
    quantity: num(f.quantity),
    reorder_level: num(f.reorder_level),
    unit_price: num(f.unit_price),
    organization_id: f.organization_id ? Number(f.organization_id) : undefined,
  }),
  inventoryItemBody,
);

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

/** The form's values for a saved item. */
const valuesOf = (item: InventoryItem): FormValues => ({
  product_name: item.product_name,
  part_number: item.part_number,
  type: item.type,
  brand: item.brand,
  specification: item.specification,
  quantity: String(item.quantity),
  reorder_level: String(item.reorder_level),
  unit_price: item.unit_price.toFixed(2),
  organization_id: '',
});

/** Create (item null) or edit an item, validated with the server's schema. */
export function ItemDialog(props: {
  open: boolean;
  item: InventoryItem | null;
  organizations: { id: number; name: string }[];
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { item } = props;
  const { form, clear } = useRecordForm<InventoryItem, FormValues, InventoryItemBody>(
    item,
    valuesOf,
    EMPTY,
    formSchema,
  );
  const field = fieldBinder(form.register, form.formState.errors);

  const text = (name: keyof FormValues, label: string, inputMode?: 'numeric' | 'decimal') => (
    <TextInput label={label} inputMode={inputMode} {...field(name)} />
  );

  return (
    <FormDialog
      open={props.open}
      onClose={props.onClose}
      title={item ? t('inventory.editTitle') : t('inventory.createTitle')}
      form={form}
      save={(body) => saveItem(item?.id ?? null, item ? { ...body, organization_id: undefined } : body)}
      invalidates={[inventoryKeys.all]}
      onSaved={() => {
        toast.success(item ? t('inventory.saved') : t('inventory.created'));
        clear();
      }}
      submitLabel={t('inventory.save')}
      busyLabel={t('inventory.saving')}
      cancelLabel={t('inventory.cancel')}
    >
      {!item && props.organizations.length > 1 ? (
        <SelectInput label={t('inventory.organization')} {...field('organization_id')}>
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
        <SelectInput label={t('inventory.type')} {...field('type')}>
          <Options values={ITEM_TYPES} label={(type) => t(`inventory.types.${type}`)} />
        </SelectInput>
        {text('brand', t('inventory.brand'))}
      </div>
      {text('specification', t('inventory.specification'))}
      <div className="grid gap-4 sm:grid-cols-3">
        {text('quantity', t('inventory.quantity'), 'numeric')}
        {text('reorder_level', t('inventory.reorderLevel'), 'numeric')}
        {text('unit_price', t('inventory.unitPrice'), 'decimal')}
      </div>
    </FormDialog>
  );
}
