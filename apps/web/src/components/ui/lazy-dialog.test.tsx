import { render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LazyDialog } from './lazy-dialog.tsx';

function Example(props: { open: boolean }) {
  return (
    <LazyDialog open={props.open} onClose={() => undefined}>
      {({ DialogPanel, DialogTitle }) => (
        <DialogPanel>
          <DialogTitle>Acknowledge all</DialogTitle>
          <button type="button">Confirm</button>
        </DialogPanel>
      )}
    </LazyDialog>
  );
}

describe('LazyDialog', () => {
  it('renders nothing until first opened, then the Headless UI dialog, and closes', async () => {
    const view = render(<Example open={false} />);
    expect(document.body.textContent).toBe('');

    view.rerender(<Example open />);
    const dialog = await screen.findByRole('dialog', { name: 'Acknowledge all' });
    // Headless UI's focus management: the first button inside takes focus.
    await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));

    view.rerender(<Example open={false} />);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});
