import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '@/components/page.tsx';
import { primaryButton } from '@/components/ui/button.ts';
import { formatDateTime } from '@/lib/format.ts';
import { toast } from '@/lib/toast.ts';
import { useApiMutation } from '@/lib/use-api-mutation.ts';
import { saveAlarmNotes } from '../api/alarm-actions.ts';
import { alarmKeys } from '../api/keys.ts';

const RichTextEditor = lazy(() =>
  import('@/components/rich-text/rich-text-editor.tsx').then((m) => ({ default: m.RichTextEditor })),
);

/** Who saved the notes last and when (nothing for notes never saved in the console). */
function NotesAuthor(props: { by: { name: string } | null; at: string | null }) {
  const { t } = useTranslation();
  if (!props.by || !props.at) return null;
  return (
    <p className="mb-3 text-sm text-slate-600 dark:text-slate-300">
      {t('alarmList.notesBy', { name: props.by.name, time: formatDateTime(props.at) })}
    </p>
  );
}

/** Notes with save; the server sanitizes the HTML, and what it stored is shown back. */
export function AlarmNotes(props: {
  alarmRef: number;
  notes: string;
  by: { name: string } | null;
  at: string | null;
  canEdit: boolean;
}) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState(props.notes);
  const save = useApiMutation({
    mutationFn: (notes: string) => saveAlarmNotes(props.alarmRef, notes),
    invalidates: [alarmKeys.detail(props.alarmRef)],
    onSuccess: (result) => {
      setDraft(result.notes);
      toast.success(t('alarmView.notesSaved'));
    },
    showError: 'toast',
  });

  if (!props.canEdit) {
    return props.notes ? (
      <div>
        <NotesAuthor by={props.by} at={props.at} />
        {/* Sanitized by the server on save (allow-list of formatting tags), never raw user HTML. */}
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: server-sanitized rich text. */}
        <div className="prose-sm rich-text-view" dangerouslySetInnerHTML={{ __html: props.notes }} />
      </div>
    ) : (
      <p className="text-sm text-slate-600 dark:text-slate-300">{t('alarmView.noNotes')}</p>
    );
  }

  return (
    <div>
      <NotesAuthor by={props.by} at={props.at} />
      <Suspense fallback={<Spinner label={t('common.loading')} />}>
        <RichTextEditor
          label={t('alarmView.notes')}
          value={draft}
          onChange={(v) => setDraft(String(v))}
          contentType="html"
          theme="snow"
        />
      </Suspense>
      <button
        type="button"
        onClick={() => void save.run(draft)}
        disabled={save.isPending || draft === props.notes}
        className={`mt-3 ${primaryButton}`}
      >
        {save.isPending ? t('alarmView.savingNotes') : t('alarmView.saveNotes')}
      </button>
    </div>
  );
}
