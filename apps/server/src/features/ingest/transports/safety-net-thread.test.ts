import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { compactMac, deviceTopic } from '@rcm/shared/device';
import { expect, it } from 'vitest';
import { demoDeviceKey } from '../../../seed/demo.ts';
import { telemetry } from '../../../test/device.ts';
import { idlePipeline, recordingLog, subscribedConsumer, waitFor } from '../../../test/safety-net.ts';
import { startMosquitto, which } from '../../../test/services.ts';
import { DEFAULT_SERVER_USER, mosquittoAcl, mosquittoPasswordLine } from '../../ops/mosquitto-auth.ts';
import { startSafetyNet } from './safety-net.ts';

/*
 * The safety net's connection has a thread of its own (safety-net-worker.ts): it keeps up with the
 * broker while the server's event loop is busy. Needs Mosquitto and mosquitto-clients (mosquitto_pub
 * and mosquitto_sub publish and read while this thread is blocked).
 */
const enabled = ['mosquitto', 'mosquitto_pub', 'mosquitto_sub'].every((name) => which(name, ['/usr/sbin']));
if (!enabled) console.info('safety net thread test skipped: mosquitto or mosquitto-clients is not installed');

const MAC = '02:52:43:00:10:02';
const SERVER_PASSWORD = randomBytes(12).toString('hex');

it.skipIf(!enabled)(
  "keeps acknowledging at the broker's pace while the server's event loop is blocked (its connection has a thread of its own)",
  async () => {
    // A broker of its own: what it holds can only be held for this net.
    const ownDir = mkdtempSync(path.join(tmpdir(), 'rcm-net-blocked-'));
    const sysUser = 'net-test-sys';
    const own = await startMosquitto(
      ownDir,
      {
        passwd: [
          mosquittoPasswordLine(DEFAULT_SERVER_USER, SERVER_PASSWORD),
          mosquittoPasswordLine(compactMac(MAC), demoDeviceKey(MAC)),
          mosquittoPasswordLine(sysUser, SERVER_PASSWORD),
          '',
        ].join('\n'),
        acl: `${mosquittoAcl({ macs: [MAC] })}\nuser ${sysUser}\ntopic read $SYS/#\n`,
      },
      ['sys_interval 1'],
    );
    let net: Awaited<ReturnType<typeof startSafetyNet>> | undefined;
    try {
      net = await startSafetyNet({
        url: `mqtt://${DEFAULT_SERVER_USER}:${SERVER_PASSWORD}@127.0.0.1:${own.port}`,
        pipeline: idlePipeline,
        consumer: subscribedConsumer,
        log: recordingLog().log,
        shareGroup: 'net-blocked',
        sessionExpirySeconds: 10,
      });
      await net.settled();
      expect(net.stats().mode).toBe('normal');
      const port = String(own.port);
      /** Messages the broker holds (queued or in flight to a client, and its retained $SYS ones). */
      const held = () =>
        Number(
          execFileSync('mosquitto_sub', [
            ...['-h', '127.0.0.1', '-p', port, '-u', sysUser, '-P', SERVER_PASSWORD],
            ...['-t', '$SYS/broker/store/messages/count', '-C', '1', '-W', '5'],
          ])
            .toString()
            .trim(),
        );
      const count = 3000;
      const before = held();
      // From here to the second count everything is synchronous: this thread's event loop, which
      // runs the server, is blocked while a device publishes and the broker's $SYS catches up.
      execFileSync('mosquitto_pub', [
        ...['-h', '127.0.0.1', '-p', port, '-u', compactMac(MAC), '-P', demoDeviceKey(MAC), '-q', '1'],
        ...['-t', deviceTopic(MAC, 'telemetry'), '-m', JSON.stringify(telemetry(new Date(), {}, 'blocked'))],
        ...['--repeat', String(count)],
      ]);
      // Mosquitto refreshes $SYS every sys_interval + 1 s (whole seconds): two refreshes' time.
      execFileSync('sleep', ['4.5']);
      const after = held();
      // A net served by this thread would leave all of them on the broker (in flight or queued).
      expect(after - before).toBeLessThan(count / 10);
      await waitFor('the net to report them', () => (net?.stats().acknowledged ?? 0) >= count);
      expect(net.stats()).toMatchObject({ mode: 'normal', recovered: 0, acknowledged: count });
    } finally {
      await net?.stop();
      await own.stop();
      rmSync(ownDir, { recursive: true, force: true });
    }
  },
);
