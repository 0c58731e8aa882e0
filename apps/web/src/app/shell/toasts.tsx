import { type ComponentType, type CSSProperties, lazy, Suspense, useEffect, useState } from 'react';
import type { ToasterProps } from 'sonner';
import { whenIdle } from '@/lib/idle.ts';
import { loadSonner, onToastWanted } from '@/lib/toast.ts';

// Should sonner's code fail to arrive (a phone losing its network), the page goes on without toasts.
const Toaster = lazy(
  (): Promise<{ default: ComponentType<ToasterProps> }> =>
    loadSonner()
      .then((m) => ({ default: m.Toaster }))
      .catch(() => ({ default: () => null })),
);

// sonner's rich colours put mid-tone text on pale backgrounds (under 4.5:1): darker text keeps them readable.
const TOAST_CONTRAST = {
  '--success-text': '#14532d',
  '--error-text': '#7f1d1d',
  '--info-text': '#1e3a8a',
  '--warning-text': '#78350f',
} as CSSProperties;

/**
 * The signed-in shell's toasts: 3000 ms, bottom right. sonner's code loads once the first screen is
 * drawn and the page is idle, or at once when a toast is sent before that.
 */
export function Toasts() {
  const [show, setShow] = useState(false);
  useEffect(() => {
    const cancel = whenIdle(() => setShow(true));
    const stop = onToastWanted(() => setShow(true));
    return () => {
      cancel();
      stop();
    };
  }, []);
  if (!show) return null;
  return (
    <Suspense fallback={null}>
      <Toaster position="bottom-right" duration={3000} richColors closeButton style={TOAST_CONTRAST} />
    </Suspense>
  );
}
