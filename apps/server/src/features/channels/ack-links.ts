import type { AckLinkView } from '@rcm/shared/channels';
import { normalizeLocale } from '@rcm/shared/locale';
import { AppError, forbidden } from '../../lib/errors.ts';
import { toDate } from '../../lib/sql.ts';
import type { Acknowledger } from '../alarms/lifecycle/acknowledge.ts';
import { can } from '../auth/can.ts';
import { inScope, type ScopeCaller, scopeFor } from '../auth/scope.ts';
import type { AuthService } from '../auth/service.ts';
import type { AckLinkRow, AckLinksRepo } from './ack-links-repo.ts';

/**
 * One-tap acknowledge (`/a/{token}`): the link stands for its person, who must still be allowed to
 * acknowledge the alarm (enabled, `alarms_acknowledge`, the alarm within their scope) when it is used.
 */
export function createAckLinks(deps: {
  repo: AckLinksRepo;
  auth: AuthService;
  acknowledger: Acknowledger;
  now: () => Date;
}) {
  const { repo, auth, acknowledger, now } = deps;

  /** The link's person and alarm, or why not: 404 unknown or expired, 403 no longer allowed. */
  async function resolve(
    token: string,
  ): Promise<{ link: AckLinkRow; actor: ScopeCaller & { user: { name: string; language: string } }; ref: number }> {
    const link = await repo.liveAckLink(token, now());
    if (!link) throw new AppError(404, 'not_found');
    const place = await repo.alarmPlaceById(Number(link.alarm_id));
    if (!place) throw new AppError(404, 'not_found');
    const actor = await auth.actorOf(Number(link.user_id));
    const scope = actor ? scopeFor(actor, 'alarms') : null;
    if (
      !actor ||
      !scope ||
      !can(actor, 'alarm.acknowledge') ||
      !inScope(scope, { organizationId: Number(place.organization_id), locationId: place.location_id })
    )
      throw forbidden();
    return { link, actor, ref: Number(place.ref) };
  }

  async function view(link: AckLinkRow, user: { name: string; language: string }): Promise<AckLinkView> {
    const alarm = await acknowledger.summary(Number(link.alarm_id));
    if (!alarm) throw new AppError(404, 'not_found');
    return {
      alarm,
      user: { name: user.name, locale: normalizeLocale(user.language) },
      expires_at: toDate(link.expires_at).toISOString(),
      used_at: link.used_at == null ? null : toDate(link.used_at).toISOString(),
    };
  }

  return {
    async preview(token: string): Promise<AckLinkView> {
      const { link, actor } = await resolve(token);
      return view(link, actor.user);
    },

    /** Acknowledges as the link's person; 409 `link_used` the second time, 409 `conflict` when not active. */
    async acknowledge(token: string): Promise<AckLinkView> {
      const { link, actor, ref } = await resolve(token);
      if (!(await repo.claimAckLink(link.id, now()))) throw new AppError(409, 'link_used');
      try {
        await acknowledger.acknowledge(actor, ref);
      } catch (err) {
        await repo.releaseAckLink(link.id);
        throw err;
      }
      return view({ ...link, used_at: now() }, actor.user);
    },
  };
}

export type AckLinks = ReturnType<typeof createAckLinks>;
