import { useTranslation } from 'react-i18next';
import { inputClass } from '@/components/form-field.tsx';
import { secondaryButton } from '@/components/ui/button.ts';
import { FieldError } from '@/components/ui/form.tsx';

/** The people of a layer in rotation order: add (choosing a person adds them), move up or down, remove. */
export function Participants(props: {
  id: string;
  value: number[];
  onChange: (ids: number[]) => void;
  people: { id: number; name: string }[];
  error?: string;
}) {
  const { t } = useTranslation();
  const nameOf = (id: number) => props.people.find((p) => p.id === id)?.name ?? `#${id}`;
  const move = (i: number, by: number) => {
    const next = [...props.value];
    const [moved] = next.splice(i, 1);
    if (moved !== undefined) next.splice(i + by, 0, moved);
    props.onChange(next);
  };
  const errorId = `${props.id}-error`;
  return (
    <fieldset className="space-y-2" aria-describedby={props.error ? errorId : undefined}>
      <legend className="text-sm font-medium">{t('oncall.editor.participants')}</legend>
      {props.value.length === 0 ? (
        <p className="text-sm text-slate-600 dark:text-slate-300">{t('oncall.editor.noParticipants')}</p>
      ) : (
        <ol className="space-y-1">
          {props.value.map((id, i) => (
            <li key={id} className="flex flex-wrap items-center gap-2 text-sm">
              <span className="min-w-40 grow">
                {i + 1}. {nameOf(id)}
              </span>
              <button
                type="button"
                className={secondaryButton}
                disabled={i === 0}
                onClick={() => move(i, -1)}
                aria-label={t('oncall.editor.moveUp', { name: nameOf(id) })}
              >
                ↑
              </button>
              <button
                type="button"
                className={secondaryButton}
                disabled={i === props.value.length - 1}
                onClick={() => move(i, 1)}
                aria-label={t('oncall.editor.moveDown', { name: nameOf(id) })}
              >
                ↓
              </button>
              <button
                type="button"
                className={secondaryButton}
                onClick={() => props.onChange(props.value.filter((x) => x !== id))}
                aria-label={t('oncall.editor.removePerson', { name: nameOf(id) })}
              >
                {t('oncall.editor.remove')}
              </button>
            </li>
          ))}
        </ol>
      )}
      <label className="block text-sm">
        <span className="mb-1 block">{t('oncall.editor.addPerson')}</span>
        {/* Choosing a person adds them at the end of the turn; the list then offers the next one. */}
        <select
          value=""
          onChange={(e) => {
            if (e.target.value) props.onChange([...props.value, Number(e.target.value)]);
          }}
          className={inputClass}
        >
          <option value="">{t('settings.oncall.choosePerson')}</option>
          {props.people
            .filter((p) => !props.value.includes(p.id))
            .map((p) => (
              <option key={p.id} value={p.id}>
                {p.name}
              </option>
            ))}
        </select>
      </label>
      <FieldError id={errorId} message={props.error} />
    </fieldset>
  );
}
