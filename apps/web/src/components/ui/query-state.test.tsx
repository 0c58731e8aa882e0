import { useQuery } from '@tanstack/react-query';
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderAs } from '@/test/render.tsx';
import { QueryState } from './query-state.tsx';

/** A query the test answers through `read`, called on each fetch (a retry may get another answer). */
function Shown(props: { read: () => Promise<string>; loadingLabel?: string }) {
  const query = useQuery({ queryKey: ['test', 'query-state'], queryFn: props.read });
  return (
    <QueryState query={query} errorLabel="Could not load the list." loadingLabel={props.loadingLabel}>
      {(data) => <p>Answer: {data}</p>}
    </QueryState>
  );
}

describe('QueryState', () => {
  it('shows the loading label while pending, then the content with the data', async () => {
    let answer: (value: string) => void = () => undefined;
    const read = () => new Promise<string>((resolve) => (answer = resolve));
    await renderAs(null, <Shown read={read} />);
    expect(screen.getByRole('status').textContent).toContain('Loading');
    expect(screen.queryByText(/Answer/)).toBeNull();
    answer('forty-two');
    expect(await screen.findByText('Answer: forty-two')).toBeTruthy();
    expect(screen.queryByRole('status')).toBeNull();
  });

  it("says a failure in the caller's words, in Spanish, and reads again on retry", async () => {
    let reads = 0;
    const read = async () => {
      reads += 1;
      if (reads === 1) throw new Error('down');
      return 'back';
    };
    await renderAs(null, <Shown read={read} loadingLabel="Cargando ventanas" />, { locale: 'es-MX' });
    expect(screen.getByRole('status').textContent).toContain('Cargando ventanas');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Could not load the list.');
    expect(screen.queryByText(/Answer/)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByText('Answer: back')).toBeTruthy();
    expect(reads).toBe(2);
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
