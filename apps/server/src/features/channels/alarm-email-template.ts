import type { Locale } from '@rcm/shared/locale';
import { formatLocalTime } from '../../lib/local-time.ts';
import { escapeHtml } from '../mail/action-email.ts';

export type AlarmEmailData = {
  ref: number;
  severity: 'critical' | 'high' | 'medium' | 'low';
  reason: string;
  /** The reason in Spanish (null on alarms raised before it was written: the English one is sent). */
  reasonEs?: string | null;
  typeName: string;
  typeNameEs: string;
  controllerName: string;
  locationName: string | null;
  raisedAt: Date;
  /** 0: the first notification; 1..: escalation rounds (not acknowledged yet). */
  tier: number;
};

const SEVERITY: Record<Locale, Record<AlarmEmailData['severity'], string>> = {
  'en-US': { critical: 'Critical', high: 'High', medium: 'Medium', low: 'Low' },
  'es-MX': { critical: 'Crítica', high: 'Alta', medium: 'Media', low: 'Baja' },
};

const COPY = {
  'en-US': {
    subject: (sev: string, type: string, controller: string, ref: number) =>
      `[${sev}] ${type} at ${controller} (alarm #${ref})`,
    escalation: (n: number) => (n > 1 ? `Not acknowledged (reminder ${n})` : 'Not acknowledged'),
    intro: 'An alarm was raised on a controller you monitor.',
    introEscalation: 'This alarm has not been acknowledged yet and was escalated to you.',
    type: 'Alarm type',
    severity: 'Severity',
    reason: 'Reason',
    controller: 'Controller',
    location: 'Location',
    raised: 'Raised',
    view: 'View the alarm',
    acknowledge: 'Acknowledge now (no sign-in needed, works once within 24 hours)',
    footer: 'You receive this email because of your notification preferences in the console.',
    footerEscalation: 'You receive this email because you are on the escalation list of this alarm type.',
  },
  'es-MX': {
    subject: (sev: string, type: string, controller: string, ref: number) =>
      `[${sev}] ${type} en ${controller} (alarma #${ref})`,
    escalation: (n: number) => (n > 1 ? `Sin reconocer (recordatorio ${n})` : 'Sin reconocer'),
    intro: 'Se generó una alarma en un controlador que supervisas.',
    introEscalation: 'Esta alarma aún no ha sido reconocida y se escaló a ti.',
    type: 'Tipo de alarma',
    severity: 'Severidad',
    reason: 'Motivo',
    controller: 'Controlador',
    location: 'Ubicación',
    raised: 'Generada',
    view: 'Ver la alarma',
    acknowledge: 'Reconocer ahora (sin iniciar sesión; funciona una vez durante 24 horas)',
    footer: 'Recibes este correo por tus preferencias de notificación en la consola.',
    footerEscalation: 'Recibes este correo porque estás en la lista de escalamiento de este tipo de alarma.',
  },
} as const;

export function alarmLink(publicUrl: string, ref: number): string {
  return `${publicUrl.replace(/\/+$/, '')}/alarms/${ref}/view`;
}

/**
 * The alarm email in the recipient's language, times in their time zone; with `ackUrl`, the
 * recipient's one-tap acknowledge link above the link to the alarm.
 */
export function renderAlarmEmail(
  alarm: AlarmEmailData,
  opts: { locale: Locale; timeZone: string; publicUrl: string; ackUrl?: string | null },
): { subject: string; html: string; text: string } {
  const c = COPY[opts.locale];
  const sev = SEVERITY[opts.locale][alarm.severity];
  const type = opts.locale === 'es-MX' ? alarm.typeNameEs : alarm.typeName;
  const link = alarmLink(opts.publicUrl, alarm.ref);
  const raised = formatLocalTime(alarm.raisedAt, opts);
  const escalated = alarm.tier > 0;
  const subject = `${escalated ? `${c.escalation(alarm.tier)}: ` : ''}${c.subject(sev, type, alarm.controllerName, alarm.ref)}`;
  const rows: [string, string][] = [
    [c.type, type],
    [c.severity, sev],
    [c.reason, opts.locale === 'es-MX' ? (alarm.reasonEs ?? alarm.reason) : alarm.reason],
    [c.controller, alarm.controllerName],
    ...(alarm.locationName ? ([[c.location, alarm.locationName]] as [string, string][]) : []),
    [c.raised, raised],
  ];
  const intro = escalated ? c.introEscalation : c.intro;
  const footer = escalated ? c.footerEscalation : c.footer;
  const ack = opts.ackUrl ? [`${c.acknowledge}: ${opts.ackUrl}`] : [];
  const text = [intro, '', ...rows.map(([k, v]) => `${k}: ${v}`), '', ...ack, `${c.view}: ${link}`, '', footer].join(
    '\n',
  );
  const html = `<!doctype html><html lang="${opts.locale}"><body style="font-family:Arial,sans-serif;color:#1f2937">
<p>${escapeHtml(intro)}</p>
<table cellpadding="4" style="border-collapse:collapse">${rows
    .map(([k, v]) => `<tr><th align="left">${escapeHtml(k)}</th><td>${escapeHtml(v)}</td></tr>`)
    .join('')}</table>
${opts.ackUrl ? `<p><a href="${escapeHtml(opts.ackUrl)}" style="font-weight:bold">${escapeHtml(c.acknowledge)}</a></p>\n` : ''}<p><a href="${escapeHtml(link)}">${escapeHtml(c.view)}</a></p>
<p style="color:#6b7280;font-size:12px">${escapeHtml(footer)}</p>
</body></html>`;
  return { subject, html, text };
}
