import { LOCALES, type Locale } from '@rcm/shared/locale';
import type { DbOrTx } from '../../db/client.ts';
import type { PageChannel } from '../../db/schema-oncall.ts';
import { escapeHtml } from '../mail/action-email.ts';
import type { EmailOutboxRepo } from '../mail/outbox-repo.ts';
import type { RemindersRepo } from './reminders-repo.ts';
import { finalRota, NEXT_HORIZON_HOURS } from './rota.ts';
import { createSchedulesRepo } from './schedules-repo.ts';
import { rotaOf } from './schedules-service.ts';

/** How long before a shift starts its person is reminded. */
export const REMINDER_LEAD_MINUTES = 15;
/** A shift that started longer ago than this is not reminded of (the server was down at its start). */
const LATE_MS = 5 * 60_000;
/** How far back the rota is computed: a shift that began before this is cut there, never a new start. */
const LOOK_BACK_MS = 24 * 3_600_000;
/** Reminders kept this long (the unique key only needs the shifts around now). */
const KEEP_DAYS = 30;

/** One person's shift about to start, with what the message says and where it goes. */
export type ShiftReminder = {
  user: { id: number; name: string; email: string; locale: Locale };
  schedule: { id: number; name: string; timeZone: string };
  startsAt: Date;
  endsAt: Date;
};

const COPY = {
  'en-US': {
    subject: (schedule: string, at: string) => `You are on call for ${schedule} from ${at}`,
    body: (name: string, schedule: string, from: string, to: string, zone: string) =>
      `${name}, you are on call for ${schedule} from ${from} until ${to} (${zone}). Alarms of the places it covers will page you.`,
    open: 'Open the console',
    footer: 'You receive this email because you are on this on-call schedule.',
  },
  'es-MX': {
    subject: (schedule: string, at: string) => `Estás de guardia en ${schedule} desde las ${at}`,
    body: (name: string, schedule: string, from: string, to: string, zone: string) =>
      `${name}, estás de guardia en ${schedule} desde ${from} hasta ${to} (${zone}). Las alarmas de los lugares que cubre te avisarán.`,
    open: 'Abrir la consola',
    footer: 'Recibes este correo porque estás en esta guardia.',
  },
} as const;

/** The reminder's subject and text in the person's language, times in the schedule's zone. */
export function renderShiftReminder(r: ShiftReminder, publicUrl: string) {
  const c = COPY[r.user.locale];
  const zone = r.schedule.timeZone;
  const time = new Intl.DateTimeFormat(r.user.locale, { hour: 'numeric', minute: '2-digit', timeZone: zone });
  const full = new Intl.DateTimeFormat(r.user.locale, {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    hour: 'numeric',
    minute: '2-digit',
    timeZone: zone,
  });
  // ICU puts narrow no-break spaces before "AM"; plain spaces read the same in every mail client.
  const plain = (f: Intl.DateTimeFormat, d: Date) => f.format(d).replace(/[\u202f\u00a0]/g, ' ');
  const subject = c.subject(r.schedule.name, plain(time, r.startsAt));
  const body = c.body(r.user.name, r.schedule.name, plain(full, r.startsAt), plain(full, r.endsAt), zone);
  const link = `${publicUrl.replace(/\/+$/, '')}/`;
  const html = `<!doctype html><html lang="${r.user.locale}"><body style="font-family:sans-serif;color:#0f172a">
<p>${escapeHtml(body)}</p>
<p><a href="${escapeHtml(link)}" style="display:inline-block;padding:10px 16px;background:#1d4ed8;color:#fff;border-radius:6px;text-decoration:none">${escapeHtml(c.open)}</a></p>
<p style="color:#475569">${escapeHtml(c.footer)}</p>
</body></html>`;
  const text = `${body}\n\n${c.open}: ${link}\n\n${c.footer}\n`;
  return { subject, html, text };
}

/**
 * Sends one shift-start reminder by the person's channels. Email is the channel today; another
 * channel joins here. Runs in the caller's transaction (the reminder's record and its message commit
 * together).
 */
export async function sendShiftReminder(
  tx: DbOrTx,
  r: ShiftReminder,
  deps: { outbox: EmailOutboxRepo; publicUrl: string },
): Promise<{ channel: PageChannel; emailId: number | null }> {
  const email = renderShiftReminder(r, deps.publicUrl);
  const { id } = await deps.outbox.enqueue(
    { kind: 'oncall_reminder', to: r.user.email, locale: r.user.locale, userId: r.user.id, ...email },
    tx,
  );
  return { channel: 'email', emailId: id };
}

/**
 * Reminds each person whose on-call shift starts within the lead time (or started moments ago), once
 * per shift: the reminder's row (schedule, person, start) is claimed with a unique key before it is
 * sent, in the task's transaction, so a restart or another instance finds it taken. Disabled and
 * deleted users are not reminded. Answers how many were sent.
 */
export async function remindShiftStarts(
  tx: DbOrTx,
  now: Date,
  deps: { repo: RemindersRepo; outbox: EmailOutboxRepo; publicUrl: string },
): Promise<number> {
  const { repo } = deps;
  await repo.pruneReminders(new Date(now.getTime() - KEEP_DAYS * 86_400_000), tx);
  const from = new Date(now.getTime() - LOOK_BACK_MS);
  const to = new Date(now.getTime() + REMINDER_LEAD_MINUTES * 60_000 + 1);
  const earliest = now.getTime() - LATE_MS;
  const schedules = await createSchedulesRepo(tx).byIds(await repo.allScheduleIds(tx));
  const due = schedules.flatMap((s) =>
    finalRota(rotaOf(s), { from, to })
      // A shift cut at `from` began earlier: not a start.
      .filter((x) => x.startsAt.getTime() > from.getTime() && x.startsAt.getTime() >= earliest)
      .map((x) => ({ schedule: s, shift: x })),
  );
  if (due.length === 0) return 0;
  const people = await repo.remindablePeople([...new Set(due.map((d) => d.shift.userId))], tx);
  let sent = 0;
  for (const { schedule, shift } of due) {
    const person = people.get(shift.userId);
    if (!person) continue;
    const id = await repo.claimReminder(
      { scheduleId: schedule.id, userId: person.id, startsAt: shift.startsAt, at: now },
      tx,
    );
    if (id === null) continue;
    // The shift's true end: the rota from its start, over the longest horizon a shift may have.
    const ahead = finalRota(rotaOf(schedule), {
      from: shift.startsAt,
      to: new Date(shift.startsAt.getTime() + NEXT_HORIZON_HOURS * 3_600_000),
    });
    const endsAt = ahead[0]?.userId === shift.userId ? ahead[0].endsAt : shift.endsAt;
    const locale = (LOCALES as readonly string[]).includes(person.language) ? (person.language as Locale) : 'en-US';
    const result = await sendShiftReminder(
      tx,
      {
        user: { id: person.id, name: person.name, email: person.email, locale },
        schedule: { id: schedule.id, name: schedule.name, timeZone: schedule.timeZone },
        startsAt: shift.startsAt,
        endsAt,
      },
      deps,
    );
    await repo.recordReminder(id, result, tx);
    sent++;
  }
  return sent;
}
