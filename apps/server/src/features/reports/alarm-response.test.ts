import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { alarms } from '../../db/schema-alarms.ts';
import { seedAlarms } from '../../test/alarms.ts';
import { readPdf } from '../../test/pdf.ts';
import { at, MARCH, openReportsApp, type ReportsApp } from '../../test/reports.ts';

/** percentile_cont: linear interpolation between the two nearest ranks (written here independently). */
function percentile(values: number[], p: number): number {
  const s = [...values].sort((a, b) => a - b);
  const pos = (s.length - 1) * p;
  const lo = Math.floor(pos);
  const hi = Math.ceil(pos);
  return (s[lo] ?? 0) + ((s[hi] ?? 0) - (s[lo] ?? 0)) * (pos - lo);
}

describe('reports API: alarm response', () => {
  let r: ReportsApp;

  beforeAll(async () => {
    r = await openReportsApp();
    const { db } = r;
    // Alarm response: five FreshMart alarms with known delays, one at Northwind.
    const ackDelays = [60, 120, 300, 600, 1200];
    const clearDelays = [600, 900, 1800, 3600];
    const seeded = await seedAlarms(
      db,
      ackDelays.map((_, i) => ({
        controller: 0,
        type: 'LOW_SUPERHEAT',
        raisedAt: at(`2020-03-0${i + 3}T08:00:00Z`),
        status: 'cleared' as const,
      })),
    );
    for (const [i, a] of seeded.entries()) {
      const raised = a.raisedAt.getTime();
      const cleared = clearDelays[i];
      await db
        .update(alarms)
        .set({
          acknowledgedAt: new Date(raised + (ackDelays[i] ?? 0) * 1000),
          clearedAt: cleared === undefined ? null : new Date(raised + cleared * 1000),
          status: cleared === undefined ? 'acknowledged' : 'cleared',
        })
        .where(eq(alarms.id, a.id));
    }
    const [nw] = await seedAlarms(db, [
      { controller: 8, type: 'LOW_SUPERHEAT', raisedAt: at('2020-03-04T08:00:00Z'), status: 'acknowledged' },
    ]);
    await db
      .update(alarms)
      .set({ acknowledgedAt: at('2020-03-04T08:00:30Z') })
      .where(eq(alarms.id, nw?.id ?? 0));
  });
  afterAll(async () => {
    await r?.t.close();
  });

  describe('alarm response', () => {
    it('gives count, median and p90 to acknowledge and clear per group', async () => {
      const body = (await r.get(`/api/reports/alarm_response?${MARCH}&type=LOW_SUPERHEAT`, r.manager)).json();
      const ack = [60, 120, 300, 600, 1200];
      const clear = [600, 900, 1800, 3600];
      expect(body.data).toHaveLength(1);
      expect(body.data[0]).toMatchObject({
        organization_name: 'FreshMart Foods',
        location_name: 'FreshMart #101 Downtown',
        alarm_type: 'LOW_SUPERHEAT',
        severity: 'high',
        alarms: 5,
        acknowledged: 5,
        ack_median: Math.round(percentile(ack, 0.5)),
        ack_p90: Math.round(percentile(ack, 0.9)),
        cleared: 4,
        clear_median: Math.round(percentile(clear, 0.5)),
        clear_p90: Math.round(percentile(clear, 0.9)),
      });
      expect(body.data[0].ack_p90).toBe(960);
      expect(body.summary.by_severity).toEqual([
        expect.objectContaining({ severity: 'high', alarms: 5, ack_median: 300, clear_median: 1350 }),
      ]);
    });

    it('keeps organizations apart', async () => {
      const body = (await r.get(`/api/reports/alarm_response?${MARCH}`, r.northwind)).json();
      expect(body.summary.alarms).toBe(1);
      expect(body.data[0]).toMatchObject({
        organization_name: 'Northwind Grocers',
        ack_median: 30,
        cleared: 0,
        clear_median: null,
      });
    });

    it('exports CSV with seconds', async () => {
      const res = await r.get(`/api/reports/alarm_response?${MARCH}&format=csv&lang=en-US`, r.manager);
      const lines = res.body
        .replace(/^\uFEFF/, '')
        .trim()
        .split('\r\n');
      expect(lines[0]).toContain('Ack median (s)');
      expect(lines.slice(1)).toContain(
        `FreshMart Foods,FreshMart #101 Downtown,Low superheat (floodback risk),High,5,5,300,960,4,1350,${Math.round(percentile([600, 900, 1800, 3600], 0.9))}`,
      );
    });

    it('exports a PDF with the durations as the screen writes them, in both languages', async () => {
      for (const locale of ['en-US', 'es-MX']) {
        const res = await r.get(`/api/reports/alarm_response?${MARCH}&format=pdf&lang=${locale}`, r.manager, locale);
        const text = (await readPdf(res.rawPayload)).pages.join('\n');
        // Ack median 300 s, p90 960 s; clear median 1,350 s, p90 3,060 s.
        for (const d of ['5 min', '16 min', '22 min', '51 min']) expect(text).toContain(d);
        expect(text).not.toMatch(/\b(960|1350|3060)\b/);
        expect(text).toContain(locale === 'en-US' ? 'Page 1 of 1' : 'Página 1 de 1');
      }
    });
  });
});
