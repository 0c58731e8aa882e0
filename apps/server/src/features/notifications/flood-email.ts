import type { Locale } from '@rcm/shared/locale';
import { formatLocalTime } from '../../lib/local-time.ts';
import { alarmLink } from '../channels/alarm-email-template.ts';
import { escapeHtml } from '../mail/action-email.ts';

export type FloodAlarm = {
  ref: number;
  severity: string;
  typeName: string;
  typeNameEs: string;
  controllerName: string;
};

const COPY = {
  'en-US': {
    subjectStart: (location: string, n: number) => `Alarm flood at ${location}: ${n} alarms in 10 minutes`,
    subjectEnd: (location: string, n: number) => `Alarm flood over at ${location} (${n} alarms in all)`,
    introStart: (location: string) =>
      `More than 10 alarms were raised at ${location} within 10 minutes. Until the flood is over you receive this summary instead of one email per alarm.`,
    introEnd: (location: string, from: string) =>
      `The alarm flood at ${location} that started ${from} is over. These alarms were raised during it.`,
    ref: 'Alarm',
    type: 'Type',
    controller: 'Controller',
    dashboard: 'Open the dashboard',
    footer: 'You receive this email because of your notification preferences in the console.',
  },
  'es-MX': {
    subjectStart: (location: string, n: number) => `Avalancha de alarmas en ${location}: ${n} alarmas en 10 minutos`,
    subjectEnd: (location: string, n: number) =>
      `Terminó la avalancha de alarmas en ${location} (${n} alarmas en total)`,
    introStart: (location: string) =>
      `Se generaron más de 10 alarmas en ${location} en 10 minutos. Mientras dure la avalancha recibes este resumen en lugar de un correo por alarma.`,
    introEnd: (location: string, from: string) =>
      `Terminó la avalancha de alarmas en ${location} que empezó ${from}. Estas alarmas se generaron durante ella.`,
    ref: 'Alarma',
    type: 'Tipo',
    controller: 'Controlador',
    dashboard: 'Abrir el tablero',
    footer: 'Recibes este correo por tus preferencias de notificación en la consola.',
  },
} as const;

/** One summary email for a location's flood: at its start (the alarms so far) and at its end (all of them). */
export function renderFloodEmail(
  flood: { phase: 'start' | 'end'; locationName: string; startedAt: Date; alarms: FloodAlarm[] },
  opts: { locale: Locale; timeZone: string; publicUrl: string },
): { subject: string; html: string; text: string } {
  const c = COPY[opts.locale];
  const from = formatLocalTime(flood.startedAt, opts);
  const n = flood.alarms.length;
  const subject = flood.phase === 'start' ? c.subjectStart(flood.locationName, n) : c.subjectEnd(flood.locationName, n);
  const intro = flood.phase === 'start' ? c.introStart(flood.locationName) : c.introEnd(flood.locationName, from);
  const dashboard = opts.publicUrl.replace(/\/+$/, '');
  const line = (a: FloodAlarm) =>
    `#${a.ref} · ${opts.locale === 'es-MX' ? a.typeNameEs : a.typeName} · ${a.controllerName}`;
  const text = [intro, '', ...flood.alarms.map(line), '', `${c.dashboard}: ${dashboard}/`, '', c.footer].join('\n');
  const rows = flood.alarms
    .map(
      (a) =>
        `<tr><td><a href="${escapeHtml(alarmLink(opts.publicUrl, a.ref))}">#${a.ref}</a></td><td>${escapeHtml(
          opts.locale === 'es-MX' ? a.typeNameEs : a.typeName,
        )}</td><td>${escapeHtml(a.controllerName)}</td></tr>`,
    )
    .join('');
  const html = `<!doctype html><html lang="${opts.locale}"><body style="font-family:Arial,sans-serif;color:#1f2937">
<p>${escapeHtml(intro)}</p>
<table cellpadding="4" style="border-collapse:collapse"><tr><th align="left">${escapeHtml(c.ref)}</th><th align="left">${escapeHtml(
    c.type,
  )}</th><th align="left">${escapeHtml(c.controller)}</th></tr>${rows}</table>
<p><a href="${escapeHtml(`${dashboard}/`)}">${escapeHtml(c.dashboard)}</a></p>
<p style="color:#6b7280;font-size:12px">${escapeHtml(c.footer)}</p>
</body></html>`;
  return { subject, html, text };
}
