import { Dialog, DialogPanel, DialogTitle } from '@headlessui/react';
import { type ReactNode, useState } from 'react';

export type LazyDialogProps = {
  open: boolean;
  onClose: () => void;
  className?: string;
  /** The dialog's content over the dimmed page, given Headless UI's panel and title once its code is here. */
  children: (parts: { DialogPanel: typeof DialogPanel; DialogTitle: typeof DialogTitle }) => ReactNode;
};

/** Headless UI's dialog over the dimmed page. */
function DialogParts(props: LazyDialogProps) {
  return (
    <Dialog open={props.open} onClose={props.onClose} className={props.className}>
      <div className="fixed inset-0 bg-slate-900/50" aria-hidden="true" />
      {props.children({ DialogPanel, DialogTitle })}
    </Dialog>
  );
}

/**
 * A modal dialog (Headless UI: focus trapped inside and returned on close, Escape and the backdrop
 * close it) that renders nothing until it is first opened. A page mounts several closed dialogs
 * (confirmations, slide-overs, the phone's menu); none of them costs the first screen its render.
 * Headless UI's code stays in the page's bundle: its focus return follows the focus from the start.
 */
export function LazyDialog(props: LazyDialogProps) {
  const [opened, setOpened] = useState(props.open);
  if (props.open && !opened) setOpened(true);
  if (!opened) return null;
  return <DialogParts {...props} />;
}
