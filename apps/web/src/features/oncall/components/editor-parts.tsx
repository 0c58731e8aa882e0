import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { secondaryButton } from '@/components/ui/button.ts';
import { OwnerSelect, organizationOptionsQuery } from '@/features/settings/index.ts';
import { useAuth } from '@/lib/auth-store.ts';
import { userCan } from '@/lib/user-can.ts';

type Organization = { id: number; name: string };

/**
 * Whose a schedule or policy may be: the organizations the caller may choose (with `saved`, the one
 * it belongs to now, kept where the caller's list lacks it), whether it may be shared by all, and the
 * owner a new one starts with (shared for those who may share, else the caller's own organization).
 */
export function useOwnerChoice(open: boolean, saved?: Organization | null) {
  const { user: me } = useAuth();
  const global = userCan(me, 'shared.edit');
  const orgs = useQuery({ ...organizationOptionsQuery(), retry: false, enabled: open });
  const loaded = orgs.data ?? (me ? [me.organisation] : []);
  return {
    global,
    options: saved && !loaded.some((o) => o.id === saved.id) ? [...loaded, saved] : loaded,
    initial: global ? '' : String(me?.organisation.id ?? ''),
  };
}

/** The owner's select of a schedule or policy editor, with "shared" offered to those who may share. */
export function OwnerField(props: {
  reg: UseFormRegisterReturn;
  error?: string;
  choice: ReturnType<typeof useOwnerChoice>;
}) {
  const { t } = useTranslation();
  return (
    <OwnerSelect
      reg={props.reg}
      label={t('oncall.editor.organization')}
      error={props.error}
      shared={props.choice.global ? { label: t('settings.oncall.shared') } : null}
      options={props.choice.options}
    />
  );
}

/**
 * One item of an editor's ordered list (a schedule's layer, a policy's step): its fieldset, then the
 * buttons that move it up or down the list and remove it (`remove.allowed` false: the list's last).
 */
export function OrderedItem(props: {
  legend: string;
  index: number;
  count: number;
  move: (from: number, to: number) => void;
  labels: { up: string; down: string };
  remove: { label: string; allowed: boolean; run: (index: number) => void };
  children: ReactNode;
}) {
  const i = props.index;
  return (
    <li>
      <fieldset className="space-y-3 rounded-md border border-slate-200 p-4 dark:border-slate-700">
        <legend className="px-1 text-sm font-semibold">{props.legend}</legend>
        {props.children}
        <div className="flex flex-wrap gap-2">
          <button type="button" className={secondaryButton} disabled={i === 0} onClick={() => props.move(i, i - 1)}>
            {props.labels.up}
          </button>
          <button
            type="button"
            className={secondaryButton}
            disabled={i === props.count - 1}
            onClick={() => props.move(i, i + 1)}
          >
            {props.labels.down}
          </button>
          <button
            type="button"
            className={secondaryButton}
            disabled={!props.remove.allowed}
            onClick={() => props.remove.run(i)}
          >
            {props.remove.label}
          </button>
        </div>
      </fieldset>
    </li>
  );
}

/** The button under an editor's ordered list that adds an item, up to ten. */
export function AddItemButton(props: { count: number; onAdd: () => void; label: string }) {
  return (
    <button type="button" className={secondaryButton} disabled={props.count >= 10} onClick={props.onAdd}>
      {props.label}
    </button>
  );
}
