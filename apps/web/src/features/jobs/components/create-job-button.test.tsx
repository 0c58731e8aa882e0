import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderAs, stubApi } from '@/test/render.tsx';
import { testUser } from '@/test/users.ts';
import { CreateJobButton, NewJobButton } from './create-job-button.tsx';

const dispatcher = testUser({ permissions: ['jobs_view', 'jobs_create'] });
const lists = {
  'GET jobs/locations': { body: { data: [{ id: 3, name: 'Store 3', organization_name: 'Acme' }] } },
  'GET jobs/categories': {
    body: { data: [{ id: 8, name: 'Refrigeration', selectable: true, archived: false, provider: 'local' }] },
  },
};
const posts = (calls: ReturnType<typeof stubApi>) => calls.filter((c) => c.method === 'POST');

describe('creating a job', () => {
  it('at a chosen store: names what is missing, then sends the numbers the API takes', async () => {
    const calls = stubApi(dispatcher, {
      ...lists,
      'POST jobs': { status: 201, body: { data: { id: 1, number: 'J-0001' } } },
    });
    await renderAs(dispatcher, <NewJobButton />);
    fireEvent.click(screen.getByRole('button', { name: 'Create Job' }));
    const panel = await screen.findByRole('dialog', { name: 'New job' });
    fireEvent.click(within(panel).getByRole('button', { name: 'Create job' }));
    await waitFor(() => expect(within(panel).getAllByText('This field is required.')).toHaveLength(2));
    expect(posts(calls)).toEqual([]);

    await within(panel).findByRole('option', { name: 'Store 3 · Acme' });
    fireEvent.change(within(panel).getByLabelText('Location'), { target: { value: '3' } });
    fireEvent.change(within(panel).getByLabelText('Title'), { target: { value: 'Quarterly coil cleaning' } });
    await within(panel).findByRole('option', { name: 'Refrigeration' });
    fireEvent.change(within(panel).getByLabelText('Category'), { target: { value: '8' } });
    fireEvent.click(within(panel).getByRole('button', { name: 'Create job' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(posts(calls).map((c) => c.body)).toEqual([
      {
        title: 'Quarterly coil cleaning',
        description: '',
        category_id: 8,
        priority: 'MEDIUM',
        location_id: 3,
        controller_id: null,
        alarm_ref: null,
      },
    ]);
  });

  it("from an alarm, in Spanish: at the alarm's place, and the API's refusal of it above the form", async () => {
    const calls = stubApi(dispatcher, {
      ...lists,
      'POST jobs': {
        status: 422,
        body: {
          error: {
            code: 'validation_failed',
            message: 'La alarma ya está cerrada.',
            details: { fields: [{ field: 'alarm_ref', message: 'La alarma ya está cerrada.' }] },
          },
        },
      },
    });
    await renderAs(
      dispatcher,
      <CreateJobButton alarm={{ ref: 1040, reason: 'Temperatura alta', location_id: 3, controller_id: 17 }} />,
      { locale: 'es-MX' },
    );
    fireEvent.click(screen.getByRole('button', { name: 'Crear trabajo' }));
    const panel = await screen.findByRole('dialog');
    expect(within(panel).queryByLabelText('Ubicación')).toBeNull();
    fireEvent.click(within(panel).getByRole('button', { name: /^Crear/ }));
    expect(await within(panel).findByRole('alert')).toHaveProperty('textContent', 'La alarma ya está cerrada.');
    expect(posts(calls).map((c) => c.body)).toEqual([
      {
        title: 'Temperatura alta',
        description: '',
        category_id: null,
        priority: 'HIGH',
        location_id: 3,
        controller_id: 17,
        alarm_ref: 1040,
      },
    ]);
  });
});
