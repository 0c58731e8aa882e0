import { act, renderHook, waitFor } from '@testing-library/react';
import type { i18n as I18n } from 'i18next';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { catalogsI18n } from '@/test/catalogs.ts';
import { useRecordForm } from './use-record-form.ts';

let i18n: I18n;
beforeAll(async () => {
  i18n = await catalogsI18n();
});

type Supplier = { id: number; code: string; name: string };
type Values = { code: string; name: string };
const empty: Values = { code: '', name: '' };
const valuesOf = (s: Supplier): Values => ({ code: s.code, name: s.name });
const schema = z.object({ code: z.string().min(1), name: z.string().min(1) });
const wrapper = ({ children }: { children: ReactNode }) => <I18nextProvider i18n={i18n}>{children}</I18nextProvider>;

describe('useRecordForm', () => {
  it("holds the record's values, and the empty form for a new record", () => {
    const acme = { id: 5, code: 'ACME', name: 'Acme Parts' };
    const edit = renderHook(() => useRecordForm(acme, valuesOf, empty, schema), { wrapper });
    expect(edit.result.current.form.getValues()).toEqual({ code: 'ACME', name: 'Acme Parts' });
    const create = renderHook(() => useRecordForm<Supplier, Values, Values>(null, valuesOf, empty, schema), {
      wrapper,
    });
    expect(create.result.current.form.getValues()).toEqual(empty);
  });

  it('validates with the schema, its messages from the catalog', async () => {
    const { result } = renderHook(() => useRecordForm<Supplier, Values, Values>(null, valuesOf, empty, schema), {
      wrapper,
    });
    let valid = true;
    await act(async () => {
      valid = await result.current.form.trigger();
    });
    expect(valid).toBe(false);
    expect(result.current.form.getFieldState('code').error?.message).toBe('This field is required.');
  });

  it('is emptied by clear once saved, and shows the next record it is given', async () => {
    const { result, rerender } = renderHook(
      ({ record }: { record: Supplier | null }) => useRecordForm(record, valuesOf, empty, schema),
      { wrapper, initialProps: { record: null as Supplier | null } },
    );
    act(() => {
      result.current.form.setValue('code', 'NEW1');
      result.current.form.setValue('name', 'New supplier');
    });
    expect(result.current.form.getValues()).toEqual({ code: 'NEW1', name: 'New supplier' });
    act(() => result.current.clear());
    expect(result.current.form.getValues()).toEqual(empty);
    rerender({ record: { id: 9, code: 'BOLT', name: 'Bolt & Co' } });
    await waitFor(() => expect(result.current.form.getValues()).toEqual({ code: 'BOLT', name: 'Bolt & Co' }));
  });
});
