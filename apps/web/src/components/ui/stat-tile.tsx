import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';

/**
 * Accent colors of a tile's left edge, in both themes: the dark theme's border color would
 * otherwise repaint the edge gray along with the other three sides.
 */
const ACCENTS = {
  red: 'border-l-red-600 dark:border-l-red-500',
  amber: 'border-l-amber-500 dark:border-l-amber-400',
  emerald: 'border-l-emerald-600 dark:border-l-emerald-500',
  violet: 'border-l-violet-600 dark:border-l-violet-400',
  blue: 'border-l-blue-600 dark:border-l-blue-400',
} as const;

export type TileAccent = keyof typeof ACCENTS;

/**
 * A figure with its label, as the dashboard and job list show them: a button that filters
 * (`onClick`, `pressed`), a link (`to`) or plain. `compact` for a phone, where the list matters more.
 */
export function StatTile(props: {
  label: string;
  value: ReactNode;
  hint?: string;
  accent: TileAccent;
  compact?: boolean;
  pressed?: boolean;
  onClick?: () => void;
  to?: string;
}) {
  const box = `block rounded-lg border border-l-4 border-slate-200 bg-white text-left shadow-sm dark:border-slate-700 dark:bg-slate-900 ${ACCENTS[props.accent]} ${props.compact ? 'px-2.5 py-1.5' : 'p-4'}`;
  const interactive =
    'hover:bg-slate-50 aria-pressed:ring-2 aria-pressed:ring-blue-600 dark:hover:bg-slate-800 dark:aria-pressed:ring-blue-400';
  const body = (
    <>
      <span
        className={`block font-medium text-slate-600 dark:text-slate-300 ${props.compact ? 'text-xs leading-tight' : 'text-sm'}`}
      >
        {props.label}
      </span>
      <span className={`block font-semibold tabular-nums ${props.compact ? 'text-lg leading-6' : 'mt-1 text-2xl'}`}>
        {props.value}
      </span>
      {props.hint && !props.compact ? (
        <span className="block text-xs text-slate-600 dark:text-slate-300">{props.hint}</span>
      ) : null}
    </>
  );
  if (props.onClick)
    return (
      <button type="button" aria-pressed={props.pressed} onClick={props.onClick} className={`${box} ${interactive}`}>
        {body}
      </button>
    );
  if (props.to)
    return (
      <Link to={props.to} className={`${box} ${interactive}`}>
        {body}
      </Link>
    );
  return <div className={box}>{body}</div>;
}
