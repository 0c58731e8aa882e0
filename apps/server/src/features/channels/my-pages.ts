import type { MyAlarmPage } from '@rcm/shared/channels';
import { notFound } from '../../lib/errors.ts';
import { toDate, toIso } from '../../lib/sql.ts';
import type { AlarmPlaceRepo } from '../alarms/list/place-repo.ts';
import type { AuthContext } from '../auth/context.ts';
import { inScope, requireScope } from '../auth/scope.ts';
import { hashToken } from '../auth/tokens.ts';
import type { MyPagesRepo } from './my-pages-repo.ts';

/** The token of the one-tap link an email carries (`…/a/{token}`, see ackLinkUrl), if it carries one. */
const ACK_TOKEN = /\/a\/([A-Za-z0-9_-]{43})(?![A-Za-z0-9_-])/;

const PAGE_STATUSES = new Set<MyAlarmPage['status']>(['queued', 'sent', 'delivered', 'failed', 'acknowledged']);

/**
 * What reached the signed-in person about an alarm, with the one-tap links their emails carry: the
 * link a person would tap, seen in the console too (where no mail server sends it, the only place).
 * Only the caller's own, read from their own emails and matched to their own links; none to someone
 * signed in as them (an impersonator is another person).
 */
export function createMyPages(deps: { repo: MyPagesRepo; alarms: AlarmPlaceRepo; now: () => Date }) {
  return {
    async list(ctx: AuthContext, ref: number): Promise<MyAlarmPage[]> {
      const scope = requireScope(ctx, 'alarms');
      const alarm = await deps.alarms.byRef(ref);
      if (!alarm || !inScope(scope, alarm)) throw notFound();
      const alarmId = alarm.id;
      const userId = ctx.user.id;
      const [emails, others] = await Promise.all([
        deps.repo.myAlarmEmails(alarmId, userId),
        deps.repo.myOtherPages(alarmId, userId),
      ]);
      const tokens = emails.map((e) => ACK_TOKEN.exec(e.text)?.[1] ?? null);
      const hashes = new Map(tokens.filter((t) => t !== null).map((t) => [hashToken(t), t]));
      const links = new Map(
        (await deps.repo.myLinks(alarmId, userId, [...hashes.keys()])).map((l) => [l.token_hash, l]),
      );
      const now = deps.now().getTime();
      const out: MyAlarmPage[] = emails.map((e, i) => {
        const token = tokens[i];
        const link = token ? links.get(hashToken(token)) : undefined;
        let ack: MyAlarmPage['ack'] = null;
        if (token && link) {
          const state = link.used_at != null ? 'used' : toDate(link.expires_at).getTime() <= now ? 'expired' : 'live';
          ack = {
            state,
            token: state === 'live' && ctx.impersonatorUserId === null ? token : null,
            expires_at: toIso(link.expires_at) ?? '',
          };
        }
        return {
          id: `email-${e.id}`,
          channel: 'email',
          at: toIso(e.at) ?? '',
          status: e.status as MyAlarmPage['status'],
          ack,
        };
      });
      for (const p of others)
        out.push({
          id: `page-${p.id}`,
          channel: p.channel,
          at: toIso(p.at) ?? '',
          status: PAGE_STATUSES.has(p.status as MyAlarmPage['status']) ? (p.status as MyAlarmPage['status']) : 'queued',
          ack: null,
        });
      return out.sort((a, b) => a.at.localeCompare(b.at));
    },
  };
}

export type MyPages = ReturnType<typeof createMyPages>;
