import type { Locale } from '@rcm/shared/locale';
import { toDate } from '../../lib/sql.ts';
import type { AlarmRow } from './alarm-message.ts';

const SEVERITY: Record<Locale, Record<AlarmRow['severity'], string>> = {
  'en-US': { critical: 'Critical', high: 'High', medium: 'Medium', low: 'Low' },
  'es-MX': { critical: 'Crítica', high: 'Alta', medium: 'Media', low: 'Baja' },
};

const COPY = {
  'en-US': {
    sms: (what: string, ref: number, link: string | null) =>
      `${what}. ${link ? `Acknowledge: ${link} or reply` : 'Reply'} ACK ${ref}`,
    voice: (what: string) => `Refrigeration alarm. ${what}.`,
    press: 'Press 1 to acknowledge. Press 2 to hear it again.',
    acknowledged: 'Acknowledged. Goodbye.',
    notAcknowledged: 'The alarm was not acknowledged.',
    cannot: 'This alarm cannot be acknowledged any more. Goodbye.',
    code: (digits: string) => `Your refrigeration console verification code is ${digits}. It expires in 10 minutes.`,
    spokenCode: (digits: string) =>
      `Your refrigeration console verification code is: ${digits}. Again: ${digits}. Goodbye.`,
    ackReply: (ref: number) => `Alarm #${ref} acknowledged.`,
    ackUnknown: 'Nothing to acknowledge: no active alarm was sent to you from this number.',
    ackRefused: (ref: number) => `Alarm #${ref} cannot be acknowledged (already acknowledged, cleared, or not yours).`,
    ackHelp: 'Reply ACK to acknowledge your latest alarm, or ACK and its number (e.g. ACK 1234).',
    since: (at: string) => `since ${at}`,
    pushAcknowledge: 'Acknowledge',
    pushOpen: 'Open',
  },
  'es-MX': {
    sms: (what: string, ref: number, link: string | null) =>
      `${what}. ${link ? `Reconocer: ${link} o responde` : 'Responde'} ACK ${ref}`,
    voice: (what: string) => `Alarma de refrigeración. ${what}.`,
    press: 'Presiona 1 para reconocerla. Presiona 2 para escucharla de nuevo.',
    acknowledged: 'Reconocida. Hasta luego.',
    notAcknowledged: 'La alarma no se reconoció.',
    cannot: 'Esta alarma ya no se puede reconocer. Hasta luego.',
    code: (digits: string) =>
      `Tu código de verificación de la consola de refrigeración es ${digits}. Vence en 10 minutos.`,
    spokenCode: (digits: string) =>
      `Tu código de verificación de la consola de refrigeración es: ${digits}. De nuevo: ${digits}. Hasta luego.`,
    ackReply: (ref: number) => `Alarma #${ref} reconocida.`,
    ackUnknown: 'Nada que reconocer: no se te envió ninguna alarma activa a este número.',
    ackRefused: (ref: number) => `La alarma #${ref} no se puede reconocer (ya reconocida, resuelta o no es tuya).`,
    ackHelp: 'Responde ACK para reconocer tu última alarma, o ACK y su número (p. ej. ACK 1234).',
    since: (at: string) => `desde ${at}`,
    pushAcknowledge: 'Reconocer',
    pushOpen: 'Abrir',
  },
} as const;

export const channelCopy = (locale: Locale) => COPY[locale];

/** When the alarm was raised, as the person reads a time (their zone). */
function sinceText(alarm: AlarmRow, opts: { locale: Locale; timeZone: string }): string {
  try {
    return new Intl.DateTimeFormat(opts.locale, { timeStyle: 'short', timeZone: opts.timeZone }).format(
      toDate(alarm.raised_at),
    );
  } catch {
    return toDate(alarm.raised_at).toISOString();
  }
}

const placeOf = (alarm: AlarmRow) => [alarm.location_name, alarm.controller_name].filter(Boolean).join(', ');

/** The alarm in a few words: severity, what, where, since when (in the person's zone). */
export function alarmLine(alarm: AlarmRow, opts: { locale: Locale; timeZone: string }): string {
  const type = opts.locale === 'es-MX' ? alarm.type_name_es : alarm.type_name;
  const since = COPY[opts.locale].since(sinceText(alarm, opts));
  return `[${SEVERITY[opts.locale][alarm.severity]}] #${alarm.ref} ${type} – ${placeOf(alarm)} (${since})`;
}

/** A push notification's text: the title says severity and what, the body where, why and since when. */
export function pushText(alarm: AlarmRow, opts: { locale: Locale; timeZone: string }) {
  const es = opts.locale === 'es-MX';
  const what = es ? alarm.type_name_es : alarm.type_name;
  const reason = es ? (alarm.reason_es ?? alarm.reason) : alarm.reason;
  const place = placeOf(alarm);
  const since = COPY[opts.locale].since(sinceText(alarm, opts));
  return {
    title: `${SEVERITY[opts.locale][alarm.severity]}: ${what} #${alarm.ref}`,
    body: `${place} (${since})${reason ? `\n${reason}` : ''}`,
    place,
    what,
    actions: { acknowledge: COPY[opts.locale].pushAcknowledge, open: COPY[opts.locale].pushOpen },
  };
}

/** The SMS of a page: the alarm, its acknowledge link when the person has one, "reply ACK {ref}". */
export function smsText(alarm: AlarmRow, opts: { locale: Locale; timeZone: string; ackUrl: string | null }): string {
  return COPY[opts.locale].sms(alarmLine(alarm, opts), Number(alarm.ref), opts.ackUrl);
}

/** What a call says about the alarm (before "press 1"). */
export function voiceText(alarm: AlarmRow, opts: { locale: Locale; timeZone: string }): string {
  const es = opts.locale === 'es-MX';
  const type = es ? alarm.type_name_es : alarm.type_name;
  const reason = es ? (alarm.reason_es ?? alarm.reason) : alarm.reason;
  const place = [alarm.location_name, alarm.controller_name].filter(Boolean).join(', ');
  const sev = SEVERITY[opts.locale][alarm.severity];
  return COPY[opts.locale].voice(`${sev}. ${type}. ${reason}. ${place}`);
}
