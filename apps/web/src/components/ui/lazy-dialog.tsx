import { useState } from 'react';
import { DialogParts, type LazyDialogProps } from './dialog-parts.tsx';

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
