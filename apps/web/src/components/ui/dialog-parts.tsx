import { Dialog, DialogPanel, DialogTitle } from '@headlessui/react';
import type { LazyDialogProps } from './lazy-dialog.tsx';

/** Headless UI's dialog, loaded by `LazyDialog` when a dialog is first opened. */
export function DialogParts(props: LazyDialogProps) {
  return (
    <Dialog open={props.open} onClose={props.onClose} className={props.className}>
      {props.children({ DialogPanel, DialogTitle })}
    </Dialog>
  );
}
