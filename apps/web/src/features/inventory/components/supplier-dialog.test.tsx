import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderAs, stubApi } from '@/test/render.tsx';
import { testUser } from '@/test/users.ts';
import { SupplierDialog } from './supplier-dialog.tsx';

const clerk = testUser({ permissions: ['inventory_view', 'inventory_edit'] });
const posts = (calls: ReturnType<typeof stubApi>) => calls.filter((c) => c.method === 'POST');

describe('the supplier form, validated with the server schema', () => {
  it('names the missing fields in Spanish and sends nothing', async () => {
    const calls = stubApi(clerk);
    await renderAs(clerk, <SupplierDialog open supplier={null} onClose={() => undefined} />, { locale: 'es-MX' });
    const save = await screen.findByRole('button', { name: 'Guardar proveedor' });
    fireEvent.click(save);
    const code = screen.getByLabelText('Código', { exact: false });
    await waitFor(() => expect(code.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByLabelText('Nombre', { exact: false }).getAttribute('aria-invalid')).toBe('true');
    expect(screen.getAllByText('Este campo es obligatorio.')).toHaveLength(2);
    expect(posts(calls)).toEqual([]);
  });

  it("shows the server's refusal on its field, then saves what was corrected", async () => {
    let attempt = 0;
    const calls = stubApi(clerk, {
      'POST inventory/suppliers': () =>
        ++attempt === 1
          ? {
              status: 409,
              body: {
                error: {
                  code: 'conflict',
                  message: 'A supplier already has this code',
                  details: { fields: [{ field: 'code', message: 'A supplier already has this code' }] },
                },
              },
            }
          : { status: 201, body: { data: { id: 5, code: 'ACME2', name: 'Acme Parts' } } },
    });
    let closed = false;
    await renderAs(
      clerk,
      <SupplierDialog
        open
        supplier={null}
        onClose={() => {
          closed = true;
        }}
      />,
    );
    fireEvent.change(await screen.findByLabelText('Code', { exact: false }), { target: { value: 'ACME' } });
    fireEvent.change(screen.getByLabelText('Name', { exact: false }), { target: { value: 'Acme Parts' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save supplier' }));
    expect(await screen.findByText('A supplier already has this code')).toBeTruthy();
    expect(closed).toBe(false);

    fireEvent.change(screen.getByLabelText('Code', { exact: false }), { target: { value: 'ACME2' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save supplier' }));
    await waitFor(() => expect(closed).toBe(true));
    expect(posts(calls).map((c) => c.body)).toEqual([
      { code: 'ACME', name: 'Acme Parts', email: '', phone: '', account_number: '' },
      { code: 'ACME2', name: 'Acme Parts', email: '', phone: '', account_number: '' },
    ]);
  });
});
