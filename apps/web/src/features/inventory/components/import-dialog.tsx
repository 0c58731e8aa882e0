import { CSV_COLUMNS, type ImportRowError, inventoryCsvRow, MAX_IMPORT_ROWS } from '@rcm/shared/inventory';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormField, inputClass } from '@/components/form-field.tsx';
import { primaryButton } from '@/components/ui/button.ts';
import { DataTable } from '@/components/ui/data-table.tsx';
import { Modal } from '@/components/ui/modal.tsx';
import { failureMessage } from '@/lib/api-client.ts';
import { zodErrorMap } from '@/lib/form-errors.ts';
import { toast } from '@/lib/toast.ts';
import { useApiMutation } from '@/lib/use-api-mutation.ts';
import { ImportRejected, importRows } from '../api/inventory.ts';
import { inventoryKeys } from '../api/keys.ts';
import { parseCsv, toRecords } from '../csv-parse.ts';

type Stage =
  | { kind: 'idle' }
  | { kind: 'reading'; done: number; total: number }
  | { kind: 'ready'; records: Record<string, string>[]; errors: ImportRowError[]; problem?: string }
  | { kind: 'sending'; records: Record<string, string>[] };

const PREVIEW_ROWS = 10;
const CHUNK = 250;

/** CSV import: read and check every row here (with progress), preview, then one all-or-nothing request. */
export function ImportDialog(props: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const importing = useApiMutation({
    mutationFn: importRows,
    invalidates: [inventoryKeys.all],
    onSuccess: (result) => {
      toast.success(t('inventory.imported', result));
      close();
    },
  });
  const [stage, setStage] = useState<Stage>({ kind: 'idle' });
  const errorMap = zodErrorMap(t);

  const close = () => {
    setStage({ kind: 'idle' });
    props.onClose();
  };

  async function read(file: File) {
    const { columns, records } = toRecords(parseCsv(await file.text()));
    const missing = CSV_COLUMNS.filter((c) => !['brand', 'specification'].includes(c) && !columns.includes(c));
    if (missing.length > 0)
      return setStage({
        kind: 'ready',
        records: [],
        errors: [],
        problem: t('inventory.missingColumns', { columns: missing.join(', ') }),
      });
    if (records.length === 0)
      return setStage({ kind: 'ready', records: [], errors: [], problem: t('inventory.emptyFile') });
    if (records.length > MAX_IMPORT_ROWS)
      return setStage({
        kind: 'ready',
        records: [],
        errors: [],
        problem: t('inventory.tooManyRows', { max: MAX_IMPORT_ROWS }),
      });
    const errors: ImportRowError[] = [];
    const seen = new Map<string, number>();
    for (let start = 0; start < records.length; start += CHUNK) {
      setStage({ kind: 'reading', done: start, total: records.length });
      // Yield between chunks so the progress bar paints on large files.
      await new Promise((resolve) => setTimeout(resolve, 0));
      records.slice(start, start + CHUNK).forEach((record, i) => {
        const row = start + i + 2;
        const parsed = inventoryCsvRow.safeParse(record, { error: errorMap });
        if (!parsed.success) {
          for (const issue of parsed.error.issues)
            errors.push({ row, field: issue.path.join('.'), message: issue.message });
          return;
        }
        // A part number appears once per organization (an export of several holds each one's parts).
        const key = `${(record.organization ?? '').trim().toLowerCase()}|${parsed.data.part_number.toLowerCase()}`;
        const first = seen.get(key);
        if (first !== undefined)
          errors.push({ row, field: 'part_number', message: t('inventory.duplicateRow', { first }) });
        else seen.set(key, row);
      });
    }
    setStage({ kind: 'ready', records, errors });
  }

  async function send(records: Record<string, string>[]) {
    setStage({ kind: 'sending', records });
    try {
      await importing.run(records);
    } catch (err) {
      if (err instanceof ImportRejected) return setStage({ kind: 'ready', records, errors: err.rows });
      const message = failureMessage(err, t('errors.network'));
      setStage({ kind: 'ready', records, errors: [], problem: message });
    }
  }

  const records = stage.kind === 'ready' || stage.kind === 'sending' ? stage.records : [];
  const errors = stage.kind === 'ready' ? stage.errors : [];
  const problem = stage.kind === 'ready' ? stage.problem : undefined;
  const preview = records.slice(0, PREVIEW_ROWS);

  return (
    <Modal open={props.open} onClose={close} title={t('inventory.importTitle')} wide>
      <p className="text-sm text-slate-700 dark:text-slate-200">
        {t('inventory.importHelp', { columns: CSV_COLUMNS.join(', ') })}
      </p>
      <div className="mt-4">
        <FormField label={t('inventory.chooseFile')}>
          {({ id, describedBy }) => (
            <input
              id={id}
              type="file"
              accept=".csv,text/csv"
              aria-describedby={describedBy}
              className={inputClass}
              disabled={stage.kind === 'reading' || stage.kind === 'sending'}
              onChange={(e) => {
                const file = e.target.files?.[0];
                if (file) void read(file);
              }}
            />
          )}
        </FormField>
      </div>
      {stage.kind === 'reading' ? (
        <div className="mt-4">
          <label className="block text-sm" htmlFor="import-progress">
            {t('inventory.reading', { done: stage.done, total: stage.total })}
          </label>
          <progress id="import-progress" className="mt-1 w-full" max={stage.total} value={stage.done} />
        </div>
      ) : null}
      {problem ? (
        <p
          role="alert"
          className="mt-4 rounded-md bg-red-50 p-3 text-sm text-red-800 dark:bg-red-950 dark:text-red-100"
        >
          {problem}
        </p>
      ) : null}
      {errors.length > 0 ? (
        <div
          role="alert"
          className="mt-4 rounded-md bg-red-50 p-3 text-sm text-red-800 dark:bg-red-950 dark:text-red-100"
        >
          <p className="font-semibold">{t('inventory.rowErrorsTitle', { count: errors.length })}</p>
          <ul className="mt-2 max-h-48 list-disc space-y-1 overflow-y-auto pl-5">
            {errors.slice(0, 100).map((e) => (
              <li key={`${e.row}-${e.field}`}>{t('inventory.rowError', e)}</li>
            ))}
          </ul>
        </div>
      ) : null}
      {preview.length > 0 ? (
        <div className="mt-4">
          <p className="text-sm">{t('inventory.rowsFound', { count: records.length })}</p>
          <div className="mt-2 max-h-72 overflow-auto">
            <DataTable
              caption={t('inventory.previewCaption', { count: preview.length })}
              rows={preview.map((values, i) => ({ row: i + 2, values }))}
              rowKey={(r) => r.row}
              rowClassName={(r) => (errors.some((e) => e.row === r.row) ? 'bg-red-50 dark:bg-red-950' : '')}
              columns={[
                { key: 'row', header: t('inventory.row'), className: 'tabular-nums', cell: (r) => r.row },
                ...CSV_COLUMNS.map((c) => ({
                  key: c,
                  header: c,
                  headerClassName: 'font-mono',
                  cell: (r: { values: Record<string, string> }) => r.values[c],
                })),
              ]}
            />
          </div>
        </div>
      ) : null}
      <div className="mt-6 flex justify-end gap-2">
        <button
          type="button"
          onClick={close}
          className="rounded-md border border-slate-300 px-4 py-2 text-sm font-medium dark:border-slate-600"
        >
          {t('inventory.cancel')}
        </button>
        <button
          type="button"
          disabled={stage.kind !== 'ready' || records.length === 0 || errors.length > 0 || !!problem}
          onClick={() => void send(records)}
          className={primaryButton}
        >
          {stage.kind === 'sending'
            ? t('inventory.importing', { count: records.length })
            : t('inventory.importButton', { count: records.length })}
        </button>
      </div>
    </Modal>
  );
}
