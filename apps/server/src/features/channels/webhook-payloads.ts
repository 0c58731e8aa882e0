import type { Locale } from '@rcm/shared/locale';
import type { WebhookEvent, WebhookKind } from '@rcm/shared/webhooks';
import { toDate } from '../../lib/sql.ts';
import { alarmLink } from './alarm-email-template.ts';
import type { AlarmRow } from './alarm-message.ts';

/** What a webhook message tells beyond the alarm: who acknowledged or cleared it, which step paged whom. */
export type WebhookContext = {
  by?: string | null;
  step?: number;
  cycle?: number;
  paged?: string[];
  /** The people the step paged (their names are looked up when the event is queued). */
  pagedUserIds?: number[];
};

const SEVERITY: Record<Locale, Record<AlarmRow['severity'], string>> = {
  'en-US': { critical: 'Critical', high: 'High', medium: 'Medium', low: 'Low' },
  'es-MX': { critical: 'Crítica', high: 'Alta', medium: 'Media', low: 'Baja' },
};

const COPY = {
  'en-US': {
    title: {
      'alarm.raised': (ref: number, what: string) => `Alarm #${ref} raised: ${what}`,
      'alarm.acknowledged': (ref: number, what: string) => `Alarm #${ref} acknowledged: ${what}`,
      'alarm.cleared': (ref: number, what: string) => `Alarm #${ref} cleared: ${what}`,
      'alarm.escalated': (ref: number, what: string) => `Alarm #${ref} escalated: ${what}`,
    },
    severity: 'Severity',
    reason: 'Reason',
    place: 'Where',
    raised: 'Raised',
    by: 'By',
    step: 'Escalation',
    stepText: (step: number, cycle: number) => (cycle > 0 ? `step ${step}, round ${cycle + 1}` : `step ${step}`),
    paged: 'Paged',
    nobody: 'nobody',
    open: 'Open in the console',
    testTitle: 'Test message from the refrigeration console',
    testText: (name: string) => `The webhook "${name}" is set up: alarm events will arrive here.`,
  },
  'es-MX': {
    title: {
      'alarm.raised': (ref: number, what: string) => `Alarma #${ref} activada: ${what}`,
      'alarm.acknowledged': (ref: number, what: string) => `Alarma #${ref} reconocida: ${what}`,
      'alarm.cleared': (ref: number, what: string) => `Alarma #${ref} resuelta: ${what}`,
      'alarm.escalated': (ref: number, what: string) => `Alarma #${ref} escalada: ${what}`,
    },
    severity: 'Severidad',
    reason: 'Motivo',
    place: 'Dónde',
    raised: 'Activada',
    by: 'Por',
    step: 'Escalamiento',
    stepText: (step: number, cycle: number) => (cycle > 0 ? `paso ${step}, ronda ${cycle + 1}` : `paso ${step}`),
    paged: 'Avisados',
    nobody: 'nadie',
    open: 'Abrir en la consola',
    testTitle: 'Mensaje de prueba de la consola de refrigeración',
    testText: (name: string) => `El webhook "${name}" está configurado: los eventos de alarmas llegarán aquí.`,
  },
} as const;

export type Message = { title: string; facts: [string, string][]; url: string | null };

const placeOf = (alarm: AlarmRow) => [alarm.location_name, alarm.controller_name].filter(Boolean).join(', ');

function raisedText(alarm: AlarmRow, locale: Locale): string {
  return new Intl.DateTimeFormat(locale, {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZone: 'UTC',
    timeZoneName: 'short',
  }).format(toDate(alarm.raised_at));
}

/** The event as a title and a few labelled facts in one language (Slack and Teams show these). */
export function alarmMessage(
  event: WebhookEvent,
  alarm: AlarmRow,
  context: WebhookContext,
  locale: Locale,
  publicUrl: string,
): Message {
  const c = COPY[locale];
  const es = locale === 'es-MX';
  const what = es ? alarm.type_name_es : alarm.type_name;
  const facts: [string, string][] = [
    [c.severity, SEVERITY[locale][alarm.severity]],
    [c.reason, es ? (alarm.reason_es ?? alarm.reason) : alarm.reason],
    [c.place, placeOf(alarm)],
    [c.raised, raisedText(alarm, locale)],
  ];
  if (context.by) facts.push([c.by, context.by]);
  if (event === 'alarm.escalated') {
    facts.push([c.step, c.stepText(context.step ?? 1, context.cycle ?? 0)]);
    facts.push([c.paged, context.paged?.length ? context.paged.join(', ') : c.nobody]);
  }
  return { title: c.title[event](Number(alarm.ref), what), facts, url: alarmLink(publicUrl, Number(alarm.ref)) };
}

/** The test message of "Send test". */
export function testMessage(name: string, locale: Locale, publicUrl: string): Message {
  const c = COPY[locale];
  return { title: c.testTitle, facts: [['', c.testText(name)]], url: publicUrl };
}

const escapeSlack = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** A Slack incoming-webhook message: `text` (notifications, clients without blocks) and blocks. */
export function slackBody(m: Message, locale: Locale): object {
  const lines = m.facts.map(([label, value]) =>
    label ? `*${escapeSlack(label)}:* ${escapeSlack(value)}` : escapeSlack(value),
  );
  return {
    text: m.title,
    blocks: [
      { type: 'header', text: { type: 'plain_text', text: m.title.slice(0, 150), emoji: false } },
      { type: 'section', text: { type: 'mrkdwn', text: lines.join('\n') } },
      ...(m.url
        ? [
            {
              type: 'actions',
              elements: [{ type: 'button', text: { type: 'plain_text', text: COPY[locale].open }, url: m.url }],
            },
          ]
        : []),
    ],
  };
}

/** A Microsoft Teams incoming-webhook message: one Adaptive Card (1.4) with the facts and a link. */
export function teamsBody(m: Message, locale: Locale): object {
  const facts = m.facts.filter(([label]) => label !== '').map(([title, value]) => ({ title, value }));
  const notes = m.facts.filter(([label]) => label === '').map(([, value]) => value);
  return {
    type: 'message',
    attachments: [
      {
        contentType: 'application/vnd.microsoft.card.adaptive',
        contentUrl: null,
        content: {
          $schema: 'http://adaptivecards.io/schemas/adaptive-card.json',
          type: 'AdaptiveCard',
          version: '1.4',
          body: [
            { type: 'TextBlock', text: m.title, weight: 'Bolder', size: 'Medium', wrap: true },
            ...notes.map((text) => ({ type: 'TextBlock', text, wrap: true })),
            ...(facts.length > 0 ? [{ type: 'FactSet', facts }] : []),
          ],
          actions: m.url ? [{ type: 'Action.OpenUrl', title: COPY[locale].open, url: m.url }] : [],
        },
      },
    ],
  };
}

/** The alarm as a generic receiver gets it (Standard Webhooks: `type`, `timestamp`, `data`). */
export function genericAlarm(alarm: AlarmRow, organization: { id: number; name: string } | null, publicUrl: string) {
  return {
    ref: Number(alarm.ref),
    status: alarm.status,
    severity: alarm.severity,
    type: { name: alarm.type_name, name_es: alarm.type_name_es },
    reason: alarm.reason,
    reason_es: alarm.reason_es,
    organization,
    location: alarm.location_id === null ? null : { id: Number(alarm.location_id), name: alarm.location_name },
    controller: { id: Number(alarm.controller_id), name: alarm.controller_name },
    raised_at: toDate(alarm.raised_at).toISOString(),
    url: alarmLink(publicUrl, Number(alarm.ref)),
  };
}

/** The request body a webhook of `kind` receives for an event. */
export function renderBody(
  kind: WebhookKind,
  r: { type: string; at: Date; message: Message; locale: Locale; data: object },
): string {
  if (kind === 'slack') return JSON.stringify(slackBody(r.message, r.locale));
  if (kind === 'teams') return JSON.stringify(teamsBody(r.message, r.locale));
  return JSON.stringify({ type: r.type, timestamp: r.at.toISOString(), data: r.data });
}
