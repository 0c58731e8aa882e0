import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { LazyDialog } from './lazy-dialog.tsx';

function Example() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Acknowledge All
      </button>
      <LazyDialog open={open} onClose={() => setOpen(false)}>
        {({ DialogPanel, DialogTitle }) => (
          <DialogPanel>
            <DialogTitle>Acknowledge all</DialogTitle>
            <button type="button" onClick={() => setOpen(false)}>
              Cancel
            </button>
          </DialogPanel>
        )}
      </LazyDialog>
    </>
  );
}

describe('LazyDialog', () => {
  it('renders nothing until first opened, then the Headless UI dialog; closing returns the focus', async () => {
    render(<Example />);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.body.textContent).toBe('Acknowledge All');

    const opener = screen.getByRole('button', { name: 'Acknowledge All' });
    opener.focus();
    fireEvent.click(opener);
    const dialog = await screen.findByRole('dialog', { name: 'Acknowledge all' });
    // Headless UI's focus management: the first button inside takes focus.
    await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));

    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(opener));
  });
});
