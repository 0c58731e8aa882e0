import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../../components/page.tsx';
import { primaryButton } from '../../../components/ui/button.ts';
import { failureMessage } from '../../../lib/api-client.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { toast } from '../../../lib/toast.ts';
import { saveAlarmNotes } from '../api/alarm-actions.ts';
import { alarmKeys } from '../api/keys.ts';

const RichTextEditor = lazy(() =>
  import('../../../components/rich-text/rich-text-editor.tsx').then((m) => ({ default: m.RichTextEditor })),
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
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState(props.notes);
  const [saving, setSaving] = useState(false);

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

  const save = async () => {
    setSaving(true);
    try {
      const result = await saveAlarmNotes(props.alarmRef, draft);
      setDraft(result.notes);
      await queryClient.invalidateQueries({ queryKey: alarmKeys.detail(props.alarmRef) });
      toast.success(t('alarmView.notesSaved'));
    } catch (err) {
      toast.error(failureMessage(err, t('errors.network')));
    } finally {
      setSaving(false);
    }
  };

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
        onClick={() => void save()}
        disabled={saving || draft === props.notes}
        className={`mt-3 ${primaryButton}`}
      >
        {saving ? t('alarmView.savingNotes') : t('alarmView.saveNotes')}
      </button>
    </div>
  );
}
