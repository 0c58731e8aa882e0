import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderAs, stubApi } from '@/test/render.tsx';
import { testUser } from '@/test/users.ts';
import { PolicyDialog } from './policy-dialog.tsx';

const manager = testUser({ permissions: ['settings_view', 'settings_edit', 'users_view', 'teams_view'] });
const posts = (calls: ReturnType<typeof stubApi>) => calls.filter((c) => c.method === 'POST');

describe('the escalation policy editor, validated with the API schema', () => {
  it('names an empty name and a step that pages nobody, in Spanish, and sends nothing', async () => {
    const calls = stubApi(manager);
    await renderAs(manager, <PolicyDialog policy={null} open onClose={() => undefined} />, { locale: 'es-MX' });
    const dialog = await screen.findByRole('dialog', { name: 'Nueva política de escalamiento' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Crear política' }));
    await waitFor(() => expect(within(dialog).getByText('Elige al menos uno.')).toBeTruthy());
    expect(within(dialog).getByLabelText('Nombre de la política').getAttribute('aria-invalid')).toBe('true');
    expect(posts(calls)).toEqual([]);
  });

  it("sends the API's numbers once a step pages someone", async () => {
    const calls = stubApi(manager, {
      'POST escalation-policies': { status: 201, body: { data: { id: 4, name: 'Nights' } } },
    });
    let closed = false;
    await renderAs(
      manager,
      <PolicyDialog
        policy={null}
        open
        onClose={() => {
          closed = true;
        }}
      />,
    );
    const dialog = await screen.findByRole('dialog', { name: 'New escalation policy' });
    fireEvent.change(within(dialog).getByLabelText('Policy name'), { target: { value: 'Nights' } });
    fireEvent.change(within(dialog).getByLabelText('Add whom to page'), { target: { value: 'members' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create policy' }));
    await waitFor(() => expect(closed).toBe(true));
    expect(posts(calls).map((c) => c.body)).toEqual([
      {
        name: 'Nights',
        organization_id: 1,
        repeat: 0,
        steps: [{ delay_minutes: 0, targets: [{ type: 'members' }] }],
      },
    ]);
  });
});
