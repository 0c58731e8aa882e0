import type { BirthMessage } from '@rcm/shared/gateway';
import type { Db } from '../../../db/client.ts';
import type { EventBus } from '../../../events/bus.ts';
import type { arrivalOrder } from './arrival-order.ts';
import type { DeviceRegistry } from './device-registry.ts';
import type { GatewayRepo } from './gateway-repo.ts';
import { parseBirth, type RejectReason } from './parse.ts';
import { STORED, type SubmitDone, type SubmitResult } from './submit-result.ts';

/**
 * Store gateways' birth messages (`rcm/v1/{gw}/birth`): a gateway's children become (or stay) its
 * controllers. Not batched (a gateway sends one on every connect). `writing` holds the births being
 * written by gateway MAC: its children's messages wait for it, as the birth may be what creates them.
 */
export function createBirths(deps: {
  db: Db;
  gateways: GatewayRepo;
  registry: DeviceRegistry;
  bus: EventBus;
  now: () => Date;
  arrivals: ReturnType<typeof arrivalOrder>;
  reject: (mac: string, reason: RejectReason) => SubmitResult;
}) {
  const writing = new Map<string, Promise<unknown>>();

  async function write(mac: string, birth: BirthMessage): Promise<SubmitResult> {
    const gateway = await deps.registry.get(mac);
    if (!gateway) return deps.reject(mac, 'unknown_device');
    // A child cannot speak for others (its key holds a `/`, no MAC does: only a safeguard).
    if (gateway.gatewayId !== null) return deps.reject(mac, 'forbidden');
    const result = await deps.db.transaction((tx) => deps.gateways.recordBirth(gateway, birth, deps.now(), tx));
    // Its kind changed, and children cached as unknown exist now.
    deps.registry.forget(mac);
    // The "Connect a store gateway" page waits for this, as onboarding waits for a new controller.
    if (!gateway.authorised)
      deps.bus.emit('controller.pending', {
        id: gateway.id,
        mac_address: gateway.mac,
        name: gateway.name,
        kind: 'gateway',
        children: result.children,
      });
    return STORED;
  }

  return {
    writing,

    /** Takes a birth message; `done` once its children are written, or with why it was refused. */
    submit(mac: string, payload: unknown, done: SubmitDone): void {
      const parsed = parseBirth(payload);
      if ('reject' in parsed) {
        done(null, deps.reject(mac, parsed.reject));
        return;
      }
      const work = deps.arrivals.run(mac, () => write(mac, parsed.birth));
      writing.set(mac, work);
      work.then(
        (r) => done(null, r),
        (err: Error) => done(err),
      );
      void work
        .catch(() => undefined)
        .finally(() => {
          if (writing.get(mac) === work) writing.delete(mac);
        });
    },
  };
}
