import type { ReactNode } from 'react';
import { CloseButton } from './close-button.tsx';
import { LazyDialog } from './ui/lazy-dialog.tsx';

/** A panel sliding in from the right: a title, a description, a scrolling body and an optional footer. */
export function SlideOver(props: {
  open: boolean;
  onClose: () => void;
  title: string;
  description?: string;
  closeLabel: string;
  children: ReactNode;
  footer?: ReactNode;
}) {
  return (
    <LazyDialog open={props.open} onClose={props.onClose} className="fixed inset-0 z-50">
      {({ DialogPanel, DialogTitle }) => (
        <div className="fixed inset-0 overflow-hidden">
          <div className="pointer-events-none fixed inset-y-0 right-0 flex max-w-full pl-10">
            <DialogPanel className="pointer-events-auto flex w-screen max-w-md flex-col bg-white shadow-xl dark:bg-slate-900">
              <div className="border-b border-slate-200 px-5 py-4 dark:border-slate-700">
                <div className="flex items-start justify-between gap-3">
                  <DialogTitle className="text-lg font-semibold">{props.title}</DialogTitle>
                  <CloseButton label={props.closeLabel} onClick={props.onClose} />
                </div>
                {props.description ? (
                  <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">{props.description}</p>
                ) : null}
              </div>
              <div className="flex-1 overflow-y-auto px-5 py-4">{props.children}</div>
              {props.footer ? (
                <div className="border-t border-slate-200 px-5 py-3 dark:border-slate-700">{props.footer}</div>
              ) : null}
            </DialogPanel>
          </div>
        </div>
      )}
    </LazyDialog>
  );
}
