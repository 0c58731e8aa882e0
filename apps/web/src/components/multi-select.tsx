import { Listbox, ListboxButton, ListboxOption, ListboxOptions } from '@headlessui/react';

/** A labelled multi-select listbox (keyboard: arrows, space/enter to toggle, escape to close). */
export function MultiSelect(props: {
  label: string;
  anyLabel: string;
  options: { value: string; label: string }[];
  value: string[];
  onChange: (value: string[]) => void;
}) {
  const summary =
    props.value.length === 0
      ? props.anyLabel
      : props.options
          .filter((o) => props.value.includes(o.value))
          .map((o) => o.label)
          .join(', ');
  return (
    <Listbox value={props.value} onChange={props.onChange} multiple>
      <div className="relative min-w-44">
        <span className="block text-xs font-medium text-slate-600 dark:text-slate-300">{props.label}</span>
        <ListboxButton
          aria-label={`${props.label}: ${summary}`}
          className="mt-1 flex w-full items-center justify-between gap-2 rounded-md border border-slate-300 bg-white px-3 py-1.5 text-left text-sm dark:border-slate-600 dark:bg-slate-900"
        >
          <span className="max-w-56 truncate">{summary}</span>
          <svg className="size-4 shrink-0 text-slate-500" viewBox="0 0 20 20" fill="currentColor" aria-hidden="true">
            <path d="M5.5 7.5 10 12l4.5-4.5 1 1L10 14 4.5 8.5z" />
          </svg>
        </ListboxButton>
        <ListboxOptions
          anchor="bottom start"
          className="z-40 mt-1 max-h-72 w-72 overflow-auto rounded-md border border-slate-200 bg-white py-1 text-sm shadow-lg focus:outline-none dark:border-slate-700 dark:bg-slate-900"
        >
          {props.options.map((o) => (
            <ListboxOption
              key={o.value}
              value={o.value}
              className="flex cursor-default items-center gap-2 px-3 py-1.5 data-focus:bg-slate-100 dark:data-focus:bg-slate-800"
            >
              {({ selected }) => (
                <>
                  <span
                    className={`flex size-4 items-center justify-center rounded border ${selected ? 'border-blue-700 bg-blue-700 text-white' : 'border-slate-400'}`}
                    aria-hidden="true"
                  >
                    {selected ? '✓' : ''}
                  </span>
                  {o.label}
                </>
              )}
            </ListboxOption>
          ))}
        </ListboxOptions>
      </div>
    </Listbox>
  );
}
