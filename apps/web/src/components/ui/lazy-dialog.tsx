import { lazy, Suspense, useEffect, useState } from 'react';
import { whenIdle } from '../../lib/idle.ts';
import type { LazyDialogProps } from './dialog-parts.tsx';

const load = () => import('./dialog-parts.tsx');
const DialogParts = lazy(() => load().then((m) => ({ default: m.DialogParts })));
let prefetch: Promise<unknown> | undefined;

/** Fetches the dialog's code once the page has nothing else to do, so that opening one is instant. */
function prefetchWhenIdle(): () => void {
  if (prefetch) return () => undefined;
  return whenIdle(() => {
    prefetch ??= load().catch(() => (prefetch = undefined));
  });
}

/**
 * A modal dialog (Headless UI: focus trapped inside, Escape and the backdrop close it) whose code
 * loads when it is first opened, and which renders nothing until then. A page mounts several closed
 * dialogs (confirmations, slide-overs, the phone's menu); none of them costs the first screen its
 * download or its render.
 */
export function LazyDialog(props: LazyDialogProps) {
  const [opened, setOpened] = useState(props.open);
  if (props.open && !opened) setOpened(true);
  useEffect(prefetchWhenIdle, []);
  if (!opened) return null;
  return (
    <Suspense fallback={null}>
      <DialogParts {...props} />
    </Suspense>
  );
}
