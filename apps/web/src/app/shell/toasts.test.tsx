import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { toast } from '@/lib/toast.ts';
import { Toasts } from './toasts.tsx';

describe('the shell’s toasts', () => {
  it('show a toast sent before sonner has loaded, and drop what was sent with no shell on screen', async () => {
    // No signed-in shell: nothing would show it, and it is not kept for the next one.
    toast.success('Sent while signed out');

    const shell = render(<Toasts />);
    // Sent at once, before the page was idle and before sonner's code was here.
    toast.success('Controller authorized');
    // The first waits for sonner's chunk, which a loaded machine takes a while to import.
    expect(await screen.findByText('Controller authorized', {}, { timeout: 10_000 })).toBeTruthy();
    toast.error('The server did not answer');
    expect(await screen.findByText('The server did not answer')).toBeTruthy();
    expect(screen.queryByText('Sent while signed out')).toBeNull();

    // Signed out and in again: the toasts on screen at the sign-out are gone, new ones show.
    shell.unmount();
    await new Promise((resolve) => setTimeout(resolve, 0));
    render(<Toasts />);
    toast.info('Welcome back');
    expect(await screen.findByText('Welcome back', {}, { timeout: 10_000 })).toBeTruthy();
    expect(screen.queryByText('Controller authorized')).toBeNull();
  });
});
