import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { alarms } from '../../db/schema-alarms.ts';
import { rackPoints, racks, readings } from '../../db/schema-readings.ts';
import { seedAlarms } from '../../test/alarms.ts';
import { at, MARCH, openReportsApp, type ReportsApp } from '../../test/reports.ts';

describe('reports API: racks manually on', () => {
  let r: ReportsApp;

  beforeAll(async () => {
    r = await openReportsApp();
    const { db, fresh } = r;
    // Racks manually on: two past episodes and one now at FreshMart #101.
    await db.insert(racks).values({ controllerId: fresh.id, ref: 'A', name: 'Rack A', updatedAt: r.t.clock.now });
    const episodes = await seedAlarms(db, [
      {
        controller: 0,
        type: 'RACK_MANUALLY_ON',
        subject: 'A.COMP1',
        raisedAt: at('2020-03-10T06:00:00Z'),
        status: 'cleared',
      },
      {
        controller: 0,
        type: 'RACK_MANUALLY_ON',
        subject: 'A.COMP1',
        raisedAt: at('2020-02-29T20:00:00Z'),
        status: 'cleared',
      },
      {
        controller: 0,
        type: 'RACK_MANUALLY_ON',
        subject: 'A.COMP1',
        raisedAt: at('2026-06-01T09:00:00Z'),
        status: 'active',
      },
    ]);
    await db
      .update(alarms)
      .set({ clearedAt: at('2020-03-10T10:30:00Z') })
      .where(eq(alarms.id, episodes[0]?.id ?? 0));
    await db
      .update(alarms)
      .set({ clearedAt: at('2020-03-01T02:00:00Z') })
      .where(eq(alarms.id, episodes[1]?.id ?? 0));
    await db.insert(readings).values(
      ['06:00', '07:00', '10:00'].map((hm) => ({
        controllerId: fresh.id,
        key: 'A.COMP1',
        ts: at(`2020-03-10T${hm}:00Z`),
        value: 1,
      })),
    );
    await db.insert(rackPoints).values([
      {
        controllerId: fresh.id,
        addr: 'A.COMP1',
        rackRef: 'A',
        name: 'Compressor 1',
        status: 'manual_on',
        value: 1,
        updatedAt: r.t.clock.now,
      },
    ]);
  });
  afterAll(async () => {
    await r?.t.close();
  });

  describe('racks manually on', () => {
    it('gives the episodes of the range, clipped, and the racks manually on now', async () => {
      const body = (await r.get(`/api/reports/rack_manually_on?${MARCH}`, r.manager)).json();
      expect(body.data).toHaveLength(2);
      expect(body.data[0]).toMatchObject({
        rack_name: 'Rack A',
        point: 'A.COMP1',
        point_name: 'Compressor 1',
        since: '2020-03-10T06:00:00.000Z',
        until: '2020-03-10T10:30:00.000Z',
        last_reading_at: '2020-03-10T10:00:00.000Z',
        seconds: 4.5 * 3600,
        seconds_in_range: 4.5 * 3600,
      });
      expect(body.data[1]).toMatchObject({ seconds: 6 * 3600, seconds_in_range: 2 * 3600 });
      expect(body.summary.seconds_in_range).toBe(6.5 * 3600);
      expect(body.summary.by_location).toEqual([
        expect.objectContaining({
          location_name: 'FreshMart #101 Downtown',
          episodes: 2,
          seconds_in_range: 6.5 * 3600,
        }),
      ]);
      expect(body.summary.now).toEqual([
        expect.objectContaining({ point: 'A.COMP1', since: '2026-06-01T09:00:00.000Z', seconds: 3 * 3600 }),
      ]);
    });

    it('shows another organization nothing', async () => {
      const body = (await r.get(`/api/reports/rack_manually_on?${MARCH}`, r.northwind)).json();
      expect(body.data).toEqual([]);
      expect(body.summary.now).toEqual([]);
    });

    it('exports CSV', async () => {
      const res = await r.get(`/api/reports/rack_manually_on?${MARCH}&format=csv&lang=en-US`, r.manager);
      const lines = res.body
        .replace(/^\uFEFF/, '')
        .trim()
        .split('\r\n');
      expect(lines).toHaveLength(3);
      expect(lines[1]).toContain(
        // Instants in the location's zone with the offset: Chicago keeps daylight time from March 8, 2020.
        ',Rack A,Compressor 1,2020-03-10T01:00:00-05:00,2020-03-10T05:30:00-05:00,2020-03-10T05:00:00-05:00,16200,16200',
      );
    });
  });
});
