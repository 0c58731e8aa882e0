import { filterClass } from '../form-field.tsx';

/** A list's search field: its label above, the query as typed (the page decides when to search). */
export function SearchBox(props: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  placeholder?: string;
}) {
  return (
    <label className="mb-4 block max-w-md">
      <span className="block text-xs font-medium text-slate-600 dark:text-slate-300">{props.label}</span>
      <input
        type="search"
        value={props.value}
        onChange={(e) => props.onChange(e.target.value)}
        placeholder={props.placeholder}
        className={filterClass}
      />
    </label>
  );
}
