/** A side panel's ×: named for screen readers by `label`. */
export function CloseButton(props: { label: string; onClick: () => void; size?: 'size-5' | 'size-6' }) {
  return (
    <button
      type="button"
      onClick={props.onClick}
      className="rounded-md p-1 text-slate-600 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800"
    >
      <span className="sr-only">{props.label}</span>
      <svg className={props.size ?? 'size-5'} viewBox="0 0 20 20" fill="currentColor" aria-hidden="true">
        <path d="m5.3 4.2 4.7 4.7 4.7-4.7 1.1 1.1-4.7 4.7 4.7 4.7-1.1 1.1-4.7-4.7-4.7 4.7-1.1-1.1 4.7-4.7-4.7-4.7z" />
      </svg>
    </button>
  );
}
