import { deliverPages, resumeInterruptedDeliveries } from '../channels/deliver.ts';
import { deliverWebhooks } from '../channels/webhook-deliver.ts';
import { deliverDue } from '../mail/delivery.ts';
import { processPaging } from '../oncall/paging.ts';
import { endFloods } from './alarm-management.ts';
import { processOutbox } from './alarm-outbox.ts';
import type { NotificationWorkerDeps } from './worker-deps.ts';

/** What the worker's passes need (alarm outbox, paging, deliveries). */
export type { NotificationWorkerDeps } from './worker-deps.ts';

/** One pass of everything: outbox → emails, chains and webhook events queued, due pages, channel and webhook deliveries, emails. */
export async function runNotificationsOnce(deps: NotificationWorkerDeps): Promise<void> {
  await processOutbox(deps);
  await endFloods(deps.db, { ...deps, now: deps.now() });
  await processPaging(deps);
  await deliverPages(deps);
  await deliverWebhooks(deps);
  await deliverDue(deps);
}

/**
 * The worker loop of one instance: a pass every `intervalMs`, and soon after an alarm change or a
 * queued email. Passes never overlap; correctness across instances comes from the row
 * locks each pass takes (`FOR UPDATE SKIP LOCKED`).
 */
export function startNotificationWorker(deps: NotificationWorkerDeps & { intervalMs?: number }): {
  stop: () => Promise<void>;
  kick: () => void;
} {
  let stopped = false;
  let running: Promise<void> | null = null;
  let again = false;
  const tick = () => {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = runNotificationsOnce(deps)
      .catch((err: unknown) => {
        if (!stopped) deps.log?.error({ err }, 'notifications: worker pass failed');
      })
      .finally(() => {
        running = null;
        if (again && !stopped) {
          again = false;
          setTimeout(tick, 0).unref?.();
        }
      });
  };
  const timer = setInterval(tick, deps.intervalMs ?? 5000);
  timer.unref?.();
  // A restart resumes what its previous run was sending when it died, at the first pass.
  const released = deps.releaseClaimsAtStart
    ? resumeInterruptedDeliveries(deps.db, deps.releaseClaimsAtStart.claimant, deps.now()).then(
        (n) => {
          if (n > 0)
            deps.log?.warn({ deliveries: n }, 'notifications: deliveries a previous run was sending are due again');
        },
        (err: unknown) => deps.log?.error({ err }, 'notifications: releasing the previous run’s claims failed'),
      )
    : Promise.resolve();
  const first = setTimeout(() => void released.then(tick), 1000);
  first.unref?.();
  const soon = () => setTimeout(tick, 100).unref?.();
  const offs = [deps.outbox.onQueued(tick), deps.bus.on('alarm.raised', soon), deps.bus.on('alarm.updated', soon)];
  return {
    kick: tick,
    stop: async () => {
      stopped = true;
      clearInterval(timer);
      clearTimeout(first);
      for (const off of offs) off();
      await running;
      deps.transport.close();
    },
  };
}
