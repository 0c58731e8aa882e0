import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { i18n as I18n } from 'i18next';
import type { ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { ApiError } from '@/lib/api-client.ts';
import { formResolver } from '@/lib/form-errors.ts';
import { catalogsI18n } from '@/test/catalogs.ts';
import { fieldBinder, TextInput } from './form.tsx';
import { FormDialog } from './form-dialog.tsx';

let i18n: I18n;
beforeAll(async () => {
  i18n = await catalogsI18n();
});

const schema = z.object({ name: z.string().trim().min(1) });
type Values = { name: string };

function NameDialog(props: {
  save: (body: Values) => Promise<{ id: number }>;
  onSaved: (data: { id: number }) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const form = useForm<Values>({ defaultValues: { name: '' }, resolver: formResolver(schema, t) });
  const field = fieldBinder(form.register, form.formState.errors);
  return (
    <FormDialog
      open
      onClose={props.onClose}
      title="New team"
      form={form}
      save={props.save}
      invalidates={[['settings', 'teams']]}
      onSaved={props.onSaved}
      submitLabel="Save team"
      busyLabel="Saving"
    >
      <TextInput label="Name" {...field('name')} />
    </FormDialog>
  );
}

function setup(save: (body: Values) => Promise<{ id: number }>) {
  const queryClient = new QueryClient();
  queryClient.setQueryData(['settings', 'teams', 'list', {}], []);
  queryClient.setQueryData(['alarms', 'list'], []);
  const onSaved = vi.fn();
  const onClose = vi.fn();
  const wrap = (node: ReactNode) => (
    <QueryClientProvider client={queryClient}>
      <I18nextProvider i18n={i18n}>{node}</I18nextProvider>
    </QueryClientProvider>
  );
  render(wrap(<NameDialog save={save} onSaved={onSaved} onClose={onClose} />));
  return { queryClient, onSaved, onClose };
}

describe('FormDialog', () => {
  it('sends nothing while the schema refuses the fields, and says why under the field', async () => {
    const save = vi.fn(async () => ({ id: 1 }));
    const { onClose } = setup(save);
    fireEvent.click(await screen.findByRole('button', { name: 'Save team' }));
    const name = screen.getByLabelText('Name', { exact: false });
    await waitFor(() => expect(name.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByText('This field is required.')).toBeTruthy();
    expect(save).not.toHaveBeenCalled();
    expect(onClose).not.toHaveBeenCalled();
  });

  it("shows the API's refusal of a field under it, and one of the whole form on top, and stays open", async () => {
    const save = vi
      .fn<(body: Values) => Promise<{ id: number }>>()
      .mockRejectedValueOnce(
        new ApiError(422, 'validation_failed', 'Invalid', [{ field: 'name', message: 'A team has this name' }]),
      )
      .mockRejectedValueOnce(new ApiError(409, 'conflict', 'The organization was archived'));
    const { queryClient, onSaved, onClose } = setup(save);
    fireEvent.change(await screen.findByLabelText('Name', { exact: false }), { target: { value: 'Night shift' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save team' }));
    expect(await screen.findByText('A team has this name')).toBeTruthy();
    expect(screen.getByLabelText('Name', { exact: false }).getAttribute('aria-invalid')).toBe('true');

    fireEvent.click(screen.getByRole('button', { name: 'Save team' }));
    expect((await screen.findByRole('alert')).textContent).toBe('The organization was archived');
    expect(save).toHaveBeenCalledTimes(2);
    expect(onSaved).not.toHaveBeenCalled();
    expect(onClose).not.toHaveBeenCalled();
    expect(queryClient.getQueryState(['settings', 'teams', 'list', {}])?.isInvalidated).toBe(false);
  });

  it('once saved, refetches the queries it names (only those), says so and closes', async () => {
    const save = vi.fn(async (_body: Values) => ({ id: 7 }));
    const { queryClient, onSaved, onClose } = setup(save);
    fireEvent.change(await screen.findByLabelText('Name', { exact: false }), { target: { value: ' Night shift ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save team' }));
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    // The schema's output is sent (trimmed), not the raw input.
    expect(save.mock.calls[0]?.[0]).toEqual({ name: 'Night shift' });
    expect(onSaved).toHaveBeenCalledWith({ id: 7 });
    expect(queryClient.getQueryState(['settings', 'teams', 'list', {}])?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(['alarms', 'list'])?.isInvalidated).toBe(false);
  });
});
