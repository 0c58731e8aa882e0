import type { ReactNode } from 'react';
import { LazyDialog } from './lazy-dialog.tsx';

/** A centred dialog: focus is trapped inside and Escape closes it (Headless UI). */
export function Modal(props: {
  open: boolean;
  onClose: () => void;
  title: string;
  wide?: boolean;
  children: ReactNode;
}) {
  return (
    <LazyDialog open={props.open} onClose={props.onClose} className="fixed inset-0 z-50">
      {({ DialogPanel, DialogTitle }) => (
        <div className="fixed inset-0 overflow-y-auto p-4">
          <div className="flex min-h-full items-start justify-center sm:items-center">
            <DialogPanel
              className={`w-full ${props.wide ? 'max-w-4xl' : 'max-w-xl'} rounded-lg bg-white p-6 shadow-xl dark:bg-slate-900`}
            >
              <DialogTitle className="text-lg font-semibold">{props.title}</DialogTitle>
              <div className="mt-4">{props.children}</div>
            </DialogPanel>
          </div>
        </div>
      )}
    </LazyDialog>
  );
}
