import { type FieldValues, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { formResolver } from './form-errors.ts';

/**
 * The form of a dialog that creates a record (`record` null) or edits one: it shows the record's values
 * (`valuesOf`), else `empty`, validated with `schema`; `clear` empties it again once it is saved.
 */
export function useRecordForm<TRecord, TValues extends FieldValues, TBody>(
  record: TRecord | null,
  valuesOf: (record: TRecord) => TValues,
  empty: TValues,
  schema: z.ZodType,
) {
  const { t } = useTranslation();
  const form = useForm<TValues, unknown, TBody>({
    values: record ? valuesOf(record) : empty,
    resolver: formResolver(schema, t),
  });
  return { form, clear: () => form.reset(empty) };
}
