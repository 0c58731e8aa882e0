import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { failureMessage } from '@/lib/api-client.ts';
import { dangerButton, destructiveButton, primaryButton, secondaryButton } from './button.ts';
import { Modal } from './modal.tsx';

/**
 * A dialog's action run from its buttons: busy while it runs, closes the dialog when it succeeds,
 * keeps the server's refusal (or the network failure) to show; closing forgets that message.
 */
export function useDialogAction(onClose: () => void) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const close = () => {
    setError(null);
    onClose();
  };
  const run = async (action: () => Promise<unknown>) => {
    setBusy(true);
    setError(null);
    try {
      await action();
      close();
    } catch (err) {
      setError(failureMessage(err, t('errors.network')));
    } finally {
      setBusy(false);
    }
  };
  return { busy, error, close, run };
}

/** A dialog action's failure, under the dialog's text. */
export function DialogError(props: { message: string | null }) {
  return props.message ? (
    <p role="alert" className="mt-3 rounded-md bg-red-50 p-3 text-sm text-red-800 dark:bg-red-950 dark:text-red-100">
      {props.message}
    </p>
  ) : null;
}

/**
 * Asks before an action that cannot be taken back: says what will happen, names the action on its
 * button (red when it removes or ends something) and shows the server's refusal in the dialog.
 */
export function ConfirmDialog(props: {
  open: boolean;
  onClose: () => void;
  title: string;
  body: string;
  confirmLabel: string;
  destructive?: boolean;
  onConfirm: () => Promise<unknown>;
}) {
  const { t } = useTranslation();
  const { busy, error, close, run } = useDialogAction(props.onClose);
  return (
    <Modal open={props.open} onClose={close} title={props.title}>
      <p className="text-sm text-slate-700 dark:text-slate-200">{props.body}</p>
      <DialogError message={error} />
      <div className="mt-6 flex flex-wrap justify-end gap-3">
        <button type="button" onClick={close} className={secondaryButton}>
          {t('common.cancel')}
        </button>
        <button
          type="button"
          onClick={() => void run(props.onConfirm)}
          disabled={busy}
          className={props.destructive ? destructiveButton : primaryButton}
        >
          {props.confirmLabel}
        </button>
      </div>
    </Modal>
  );
}

/** A button that asks first (ConfirmDialog) and then runs the action: removing a record, say. */
export function ConfirmButton(props: {
  label: string;
  title: string;
  body: string;
  destructive?: boolean;
  onConfirm: () => Promise<unknown>;
}) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        onClick={() => setOpen(true)}
        className={props.destructive ? dangerButton : secondaryButton}
      >
        {props.label}
      </button>
      <ConfirmDialog
        open={open}
        onClose={() => setOpen(false)}
        title={props.title}
        body={props.body}
        confirmLabel={props.label}
        destructive={props.destructive}
        onConfirm={props.onConfirm}
      />
    </>
  );
}
