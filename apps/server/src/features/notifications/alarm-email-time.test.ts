import { describe, expect, it } from 'vitest';
import { seedAlarms } from '../../test/alarms.ts';
import { login } from '../../test/app.ts';
import { headers } from '../../test/helpers.ts';
import { useNotificationsServer } from '../../test/notifications.ts';
import { processOutbox } from './alarm-outbox.ts';
import { runNotificationsOnce } from './worker.ts';

const fx = useNotificationsServer();

describe('alarm email times', () => {
  it('are written in each recipient’s time zone and language, never as raw UTC', async () => {
    const raisedAt = new Date('2026-12-01T22:06:21.000Z');
    fx.clock.now = new Date(raisedAt.getTime() + 30_000);
    // The technician (en-US) opts in from Tokyo; the manager (es-MX) keeps the default zone (Chicago).
    const tech = await login(fx.server.app, 'technician@example.com');
    const put = await fx.server.app.inject({
      method: 'PUT',
      url: '/api/account/notifications',
      headers: headers(tech),
      payload: {
        enabled: true,
        min_severity: 'critical',
        quiet_hours_start: null,
        quiet_hours_end: null,
        time_zone: 'Asia/Tokyo',
      },
    });
    expect(put.statusCode).toBe(200);
    const [alarm] = await seedAlarms(fx.server.database.db, [{ controller: 3, type: 'LOW_OIL_PRESSURE', raisedAt }]);
    if (!alarm) throw new Error('seed failed');
    await fx.queueRaise(alarm.id);
    await processOutbox(fx.deps);
    fx.smtp.messages.length = 0;
    await runNotificationsOnce(fx.deps);

    const toTech = fx.smtp.messages.find((m) => m.to.includes('technician@example.com'));
    const toManager = fx.smtp.messages.find((m) => m.to.includes('manager@example.com'));
    expect(toTech?.body).toContain('Raised: Dec 2, 2026, 7:06 AM GMT+9');
    expect(toManager?.body).toContain('Generada: 1 dic 2026, 4:06 p.m. GMT-6');
    for (const m of [toTech, toManager]) expect(m?.body).not.toContain('2026-12-01T22:06');
  });
});
