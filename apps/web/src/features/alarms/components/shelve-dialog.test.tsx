import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderAs, stubApi } from '@/test/render.tsx';
import { testUser } from '@/test/users.ts';
import { ShelveDialog } from './shelve-dialog.tsx';

const operator = testUser({ permissions: ['alarms_view', 'alarms_acknowledge'] });
const posts = (calls: ReturnType<typeof stubApi>) => calls.filter((c) => c.method === 'POST');

describe('shelving an alarm, validated with the shared schema', () => {
  it('asks for the reason in Spanish and sends nothing without one', async () => {
    const calls = stubApi(operator);
    await renderAs(operator, <ShelveDialog open alarmRef={42} onClose={() => undefined} />, { locale: 'es-MX' });
    const reason = await screen.findByLabelText('Motivo', { exact: false });
    fireEvent.change(reason, { target: { value: '   ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Posponer alarma' }));
    await waitFor(() => expect(reason.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByText('Este campo es obligatorio.')).toBeTruthy();
    expect(posts(calls)).toEqual([]);
  });

  it("sends the duration and reason, and shows the API's refusal on the form", async () => {
    const calls = stubApi(operator, {
      'POST alarms/42/shelve': {
        status: 409,
        body: { error: { code: 'conflict', message: 'The alarm is cleared already' } },
      },
    });
    let closed = false;
    await renderAs(
      operator,
      <ShelveDialog
        open
        alarmRef={42}
        onClose={() => {
          closed = true;
        }}
      />,
    );
    fireEvent.change(await screen.findByLabelText('Reason', { exact: false }), {
      target: { value: 'Sensor being replaced' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Shelve alarm' }));
    expect(await screen.findByText('The alarm is cleared already')).toBeTruthy();
    expect(closed).toBe(false);
    expect(posts(calls).map((c) => [c.path, c.body])).toEqual([
      ['alarms/42/shelve', { minutes: 60, reason: 'Sensor being replaced' }],
    ]);
  });
});
