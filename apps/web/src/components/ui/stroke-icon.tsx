import type { ReactNode } from 'react';

/**
 * A 24-pixel line icon drawn in the text's color (the shell header's buttons), hidden from assistive
 * tech: the button it sits in is named by its own text. `children` are the icon's shapes.
 */
export function StrokeIcon(props: { strokeWidth: string; children: ReactNode }) {
  return (
    <svg
      className="size-6"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={props.strokeWidth}
      aria-hidden="true"
    >
      {props.children}
    </svg>
  );
}
