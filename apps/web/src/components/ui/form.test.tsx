import { act, fireEvent, render, screen } from '@testing-library/react';
import { useForm } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import { CheckboxInput, fieldBinder, SelectInput, TextInput } from './form.tsx';

type Values = { name: string; kind: string; notify: boolean; steps: { delay_minutes: string }[] };

let submitted: Values | null = null;
let setError: ((name: 'name' | 'steps.0.delay_minutes', message: string) => void) | null = null;

function Fields() {
  const form = useForm<Values>({
    defaultValues: { name: 'Rack A', kind: 'sms', notify: false, steps: [{ delay_minutes: '5' }] },
  });
  const field = fieldBinder(form.register, form.formState.errors);
  setError = (name, message) => form.setError(name, { message });
  return (
    <form
      onSubmit={form.handleSubmit((v) => {
        submitted = v;
      })}
    >
      <TextInput label="Name" {...field('name')} />
      <SelectInput label="Kind" {...field('kind')}>
        <option value="sms">SMS</option>
        <option value="voice">Voice</option>
      </SelectInput>
      <CheckboxInput label="Notify" {...field('notify')} />
      <TextInput label="Delay" {...field('steps.0.delay_minutes')} />
      <button type="submit">Save</button>
    </form>
  );
}

describe('fieldBinder', () => {
  it('binds each input to its field by name (a dotted name reaches into a list): it shows and sends the values', async () => {
    submitted = null;
    render(<Fields />);
    expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe('Rack A');
    expect((screen.getByLabelText('Delay') as HTMLInputElement).value).toBe('5');
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Rack B' } });
    fireEvent.change(screen.getByLabelText('Kind'), { target: { value: 'voice' } });
    fireEvent.click(screen.getByLabelText('Notify'));
    fireEvent.change(screen.getByLabelText('Delay'), { target: { value: '15' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    });
    expect(submitted).toEqual({ name: 'Rack B', kind: 'voice', notify: true, steps: [{ delay_minutes: '15' }] });
  });

  it("shows a field's error under that field only, a nested one included", async () => {
    render(<Fields />);
    await act(async () => {
      setError?.('steps.0.delay_minutes', 'At most 1440 minutes');
    });
    const delay = screen.getByLabelText('Delay');
    expect(delay.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('At most 1440 minutes')).toBeTruthy();
    expect(screen.getByLabelText('Name').getAttribute('aria-invalid')).not.toBe('true');
  });
});
