import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { locations } from '../../db/schema.ts';
import { r, range, useHaccpApp } from '../../test/haccp-log.ts';
import { readPdf } from '../../test/pdf.ts';

useHaccpApp();

describe('reports API: HACCP log entries, by the location’s zone', () => {
  it('every report of one location is in that location’s zone, whatever the reader’s', async () => {
    const [other] = await r.db
      .update(locations)
      .set({ timezone: 'America/Denver' })
      .where(eq(locations.id, r.north.loc))
      .returning();
    expect(other).toBeDefined();
    // The reader keeps New York time: a one-location document is still in the location's.
    await r.db.execute(sql`insert into notification_preferences (user_id, time_zone)
      select id, 'America/New_York' from users where email = 'nw-manager@example.com'`);
    for (const name of ['alarm_management', 'case_performance', 'alarm_response', 'refrigerant', 'haccp']) {
      const res = await r.get(
        `/api/reports/${name}?${range}&location_id=${r.north.loc}&format=pdf&lang=en-US`,
        r.northwind,
      );
      expect(res.statusCode).toBe(200);
      const first = (await readPdf(res.rawPayload)).pages[0] ?? '';
      expect(first.replace(/\s+/g, ' '), name).toMatch(/Times in America\/Denver \(MDT\)/);
    }
  });

  it('the CSV of a multi-zone report: the reader’s stored zone, each instant with its location’s offset', async () => {
    const res = await r.get(`/api/reports/rack_manually_on?${range}&format=csv&lang=en-US`, r.manager);
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toMatch(/\d{2}:\d{2}(:\d{2}(\.\d+)?)?Z\b/);
  });
});
