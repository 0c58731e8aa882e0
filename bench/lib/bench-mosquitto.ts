import { readFileSync } from 'node:fs';
import path from 'node:path';
import { compactMac } from '@rcm/shared/device';
import {
  DEFAULT_SERVER_USER,
  mosquittoAcl,
  mosquittoPasswordLine,
} from '../../apps/server/src/features/ops/mosquitto-auth.ts';
import { startMosquitto } from '../../apps/server/src/test/services.ts';
import { keyOf, mac } from './bench-db.ts';
import { BENCH_SYS_USER } from './broker-sampler.ts';

/**
 * A Mosquitto of the bench's own under `dir`, as deployed: deploy/mosquitto.conf's queue and
 * in-flight limits and save interval, a password per device, the generated ACL, and the server
 * account (whose password the $SYS reader shares); $SYS counters every second.
 */
export async function startBenchMosquitto(dir: string, clients: number, serverPassword: string) {
  const deployLimits = readFileSync(path.join(import.meta.dirname, '../../deploy/mosquitto.conf'), 'utf8')
    .split('\n')
    .filter((line) =>
      /^(max_inflight_messages|max_queued_messages|max_queued_bytes|message_size_limit|autosave_interval)\s/.test(line),
    );
  const macs = Array.from({ length: clients }, (_, i) => mac(i));
  return startMosquitto(
    dir,
    {
      passwd: `${[
        mosquittoPasswordLine(DEFAULT_SERVER_USER, serverPassword),
        ...macs.map((m, i) => mosquittoPasswordLine(compactMac(m), keyOf(i))),
        mosquittoPasswordLine(BENCH_SYS_USER, serverPassword),
      ].join('\n')}\n`,
      acl: `${mosquittoAcl({ macs })}\nuser ${BENCH_SYS_USER}\ntopic read $SYS/#\n`,
    },
    ['sys_interval 1', ...deployLimits],
  );
}
