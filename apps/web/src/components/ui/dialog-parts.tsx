import { Dialog, DialogPanel, DialogTitle } from '@headlessui/react';
import type { ReactNode } from 'react';

export type LazyDialogProps = {
  open: boolean;
  onClose: () => void;
  className?: string;
  /** The dialog's content over the dimmed page, given Headless UI's panel and title once its code is here. */
  children: (parts: { DialogPanel: typeof DialogPanel; DialogTitle: typeof DialogTitle }) => ReactNode;
};

/** Headless UI's dialog over the dimmed page, drawn by `LazyDialog` once a dialog is first opened. */
export function DialogParts(props: LazyDialogProps) {
  return (
    <Dialog open={props.open} onClose={props.onClose} className={props.className}>
      <div className="fixed inset-0 bg-slate-900/50" aria-hidden="true" />
      {props.children({ DialogPanel, DialogTitle })}
    </Dialog>
  );
}
