import type { JobDetail } from '@rcm/shared/jobs';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderAs, stubApi } from '@/test/render.tsx';
import { testUser } from '@/test/users.ts';
import { JobAssignForm, JobStatusForm } from './job-actions.tsx';

const dispatcher = testUser({ permissions: ['jobs_view', 'jobs_create'] });
const job: JobDetail = {
  id: 21,
  number: 'J-0021',
  title: 'Compressor noise',
  category: null,
  priority: 'HIGH',
  status: 'New',
  provider_status: null,
  created_by: 'Ana',
  organisation: { id: 1, name: 'Acme' },
  location: { id: 3, name: 'Store 3' },
  controller: null,
  alarm: null,
  assignees: [{ user_id: 31, name: 'Tomás' }],
  call_received_at: '2026-12-01T10:00:00Z',
  provider: 'local',
  external_id: null,
  updated_at: '2026-12-01T10:00:00Z',
  description: '',
  history: [],
  can_edit: true,
};
const writes = (calls: ReturnType<typeof stubApi>) => calls.filter((c) => c.method !== 'GET');

describe("a job's status and assignees", () => {
  it('moves the job to a new status with a note, and clears the note', async () => {
    const calls = stubApi(dispatcher, { 'POST jobs/21/status': { body: { data: { ...job, status: 'Started' } } } });
    await renderAs(dispatcher, <JobStatusForm job={job} />);
    const save = screen.getByRole('button', { name: 'Update status' }) as HTMLButtonElement;
    expect(save.disabled).toBe(true);
    fireEvent.change(screen.getByLabelText('New status'), { target: { value: 'Started' } });
    fireEvent.change(screen.getByLabelText('Note'), { target: { value: 'On the way' } });
    fireEvent.click(save);
    await waitFor(() => expect((screen.getByLabelText('Note') as HTMLInputElement).value).toBe(''));
    expect(writes(calls).map((c) => [c.path, c.body])).toEqual([
      ['jobs/21/status', { status: 'Started', note: 'On the way' }],
    ]);
  });

  it("shows the API's refusal in Spanish above the form", async () => {
    const refusal = 'No se puede reabrir un trabajo cerrado.';
    stubApi(dispatcher, {
      'POST jobs/21/status': { status: 409, body: { error: { code: 'conflict', message: refusal } } },
    });
    await renderAs(dispatcher, <JobStatusForm job={job} />, { locale: 'es-MX' });
    fireEvent.change(screen.getByLabelText('Nuevo estado'), { target: { value: 'Closed' } });
    fireEvent.click(screen.getByRole('button', { name: 'Actualizar estado' }));
    expect((await screen.findByRole('alert')).textContent).toBe(refusal);
  });

  it('sends the chosen people as numbers, one of them or several', async () => {
    const calls = stubApi(dispatcher, {
      'GET jobs/21/assignable': {
        body: {
          data: [
            { id: 31, name: 'Tomás' },
            { id: 32, name: 'Lucía' },
          ],
        },
      },
      'PUT jobs/21/assignees': { body: { data: job } },
    });
    await renderAs(dispatcher, <JobAssignForm job={job} />);
    const tomas = (await screen.findByLabelText('Tomás')) as HTMLInputElement;
    expect(tomas.checked).toBe(true);
    fireEvent.click(screen.getByLabelText('Lucía'));
    fireEvent.click(screen.getByRole('button', { name: 'Save assignees' }));
    await waitFor(() => expect(writes(calls)).toHaveLength(1));
    fireEvent.click(tomas);
    fireEvent.click(screen.getByRole('button', { name: 'Save assignees' }));
    await waitFor(() => expect(writes(calls)).toHaveLength(2));
    fireEvent.click(screen.getByLabelText('Lucía'));
    fireEvent.click(screen.getByRole('button', { name: 'Save assignees' }));
    await waitFor(() => expect(writes(calls)).toHaveLength(3));
    expect(writes(calls).map((c) => c.body)).toEqual([{ user_ids: [31, 32] }, { user_ids: [32] }, { user_ids: [] }]);
  });
});
