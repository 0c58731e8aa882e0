import { Popover, PopoverButton, PopoverPanel } from '@headlessui/react';
import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { SEVERITY_ORDER } from '@/components/badges.tsx';
import { Options } from '@/components/ui/form.tsx';
import { getItem, setItem } from '@/lib/storage.ts';

export type AlertSettings = { sound: boolean; notify: boolean; minSeverity: (typeof SEVERITY_ORDER)[number] };

const KEY = 'alarm_alerts';
const DEFAULTS: AlertSettings = { sound: false, notify: false, minSeverity: 'high' };
const listeners = new Set<() => void>();
let cache: { raw: string | null; value: AlertSettings } = { raw: null, value: DEFAULTS };

export function alertSettings(): AlertSettings {
  const raw = getItem(KEY);
  if (raw !== cache.raw) {
    try {
      cache = { raw, value: raw ? { ...DEFAULTS, ...(JSON.parse(raw) as Partial<AlertSettings>) } : DEFAULTS };
    } catch {
      cache = { raw, value: DEFAULTS };
    }
  }
  return cache.value;
}

function save(patch: Partial<AlertSettings>): void {
  setItem(KEY, JSON.stringify({ ...alertSettings(), ...patch }));
  for (const l of listeners) l();
}

function useAlertSettings(): AlertSettings {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    alertSettings,
    alertSettings,
  );
}

/** Sound and browser notification for new alarms at or above a severity; off by default. */
export function AlertSettingsButton() {
  const { t } = useTranslation();
  const settings = useAlertSettings();
  const blocked = typeof Notification !== 'undefined' && Notification.permission === 'denied';
  const enableNotify = async (on: boolean) => {
    if (on && typeof Notification !== 'undefined' && Notification.permission === 'default') {
      await Notification.requestPermission();
    }
    save({ notify: on });
  };
  return (
    <Popover className="relative">
      <PopoverButton className="rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium hover:bg-slate-50 dark:border-slate-600 dark:bg-slate-900 dark:hover:bg-slate-800">
        {t('dashboard.alerts')}
        {settings.sound || settings.notify ? (
          <span className="ml-1 inline-block size-2 rounded-full bg-emerald-600" aria-hidden="true" />
        ) : null}
      </PopoverButton>
      <PopoverPanel
        anchor="bottom end"
        className="z-40 mt-2 w-72 rounded-lg border border-slate-200 bg-white p-4 text-sm shadow-lg dark:border-slate-700 dark:bg-slate-900"
      >
        <p className="font-semibold">{t('dashboard.alertsTitle')}</p>
        <label className="mt-3 flex items-center gap-2">
          <input
            type="checkbox"
            className="size-4"
            checked={settings.sound}
            onChange={(e) => save({ sound: e.target.checked })}
          />
          {t('dashboard.alertSound')}
        </label>
        <label className="mt-2 flex items-center gap-2">
          <input
            type="checkbox"
            className="size-4"
            checked={settings.notify}
            onChange={(e) => void enableNotify(e.target.checked)}
          />
          {t('dashboard.alertNotification')}
        </label>
        {blocked && settings.notify ? (
          <p className="mt-1 text-xs text-red-700 dark:text-red-300">{t('dashboard.notificationsBlocked')}</p>
        ) : null}
        <label className="mt-3 block">
          <span className="block text-xs font-medium text-slate-600 dark:text-slate-300">
            {t('dashboard.alertMinSeverity')}
          </span>
          <select
            value={settings.minSeverity}
            onChange={(e) => save({ minSeverity: e.target.value as AlertSettings['minSeverity'] })}
            className="mt-1 block w-full rounded-md border border-slate-300 bg-white px-2 py-1 dark:border-slate-600 dark:bg-slate-900"
          >
            <Options values={SEVERITY_ORDER} label={(s) => t(`severity.${s}`)} />
          </select>
        </label>
      </PopoverPanel>
    </Popover>
  );
}
