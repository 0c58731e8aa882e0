import { DEMO_PASSWORD, demoDeviceKey } from '@rcm/shared/demo';
import { SEEDED_NAMES } from '@rcm/shared/seeded';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { appMeta, controllers, locations, organizations, roles, teams, userLocations, users } from '../db/schema.ts';
import { hashPassword } from '../features/auth/passwords.ts';
import { hashToken } from '../features/auth/tokens.ts';
import { seedAlarmManagement } from './alarm-management.ts';
import { DEMO_CONTROLLERS, isSilentDemoController } from './demo-controllers.ts';
import { seedAlarmHistory } from './demo-history.ts';
import { seedInventory } from './inventory.ts';
import { seedJobs } from './jobs.ts';
import { seedNotifications } from './notifications.ts';
import { seedSilentOffline } from './offline.ts';
import { seedOncall } from './oncall.ts';
import { seedRecentReadings } from './recent-readings.ts';
import { seedLeakHistory, seedRefrigerant } from './refrigerant.ts';
import { seedReportReadings } from './reports.ts';
import { DEMO_ROLES } from './roles.ts';

export { DEMO_PASSWORD, DEMO_PROVISIONING_KEY, demoDeviceKey } from '@rcm/shared/demo';

export const DEMO_USERS = {
  admin: 'admin@example.com',
  manager: 'manager@example.com',
  technician: 'technician@example.com',
  viewer: 'viewer@example.com',
} as const;

const ORGS = [
  {
    name: 'Polar Refrigeration Services',
    locations: [{ name: 'Polar Service Depot', city: 'Dallas', state: 'TX' }],
  },
  {
    name: 'FreshMart Foods',
    locations: [
      { name: 'FreshMart #101 Downtown', city: 'Austin', state: 'TX' },
      { name: 'FreshMart #102 Riverside', city: 'Austin', state: 'TX' },
      { name: 'FreshMart #103 Cedar Park', city: 'Cedar Park', state: 'TX' },
      { name: 'FreshMart #104 Round Rock', city: 'Round Rock', state: 'TX' },
      { name: 'FreshMart #105 San Marcos', city: 'San Marcos', state: 'TX' },
    ],
  },
  {
    name: 'Valle Verde Supermercados',
    locations: [
      { name: 'Valle Verde Centro', city: 'Monterrey', state: 'NL' },
      { name: 'Valle Verde Cumbres', city: 'Monterrey', state: 'NL' },
      { name: 'Valle Verde San Pedro', city: 'San Pedro Garza García', state: 'NL' },
    ],
  },
  {
    name: 'Northwind Grocers',
    locations: [
      { name: 'Northwind Market Oak Lawn', city: 'Dallas', state: 'TX' },
      { name: 'Northwind Market Plano', city: 'Plano', state: 'TX' },
      { name: 'Northwind Market Frisco', city: 'Frisco', state: 'TX' },
      { name: 'Northwind Market Irving', city: 'Irving', state: 'TX' },
    ],
  },
];

const MODELS = ['Danfoss AK-PC 782A', 'Copeland E2 RX-400', 'Carel pRack pR300T', 'Dixell iPRO IPG208D'];

function mac(n: number): string {
  const hex = n.toString(16).padStart(6, '0');
  return `02:52:43:${hex.slice(0, 2)}:${hex.slice(2, 4)}:${hex.slice(4, 6)}`;
}

function isoDate(daysFromNow: number, now: Date): string {
  return new Date(now.getTime() + daysFromNow * 86_400_000).toISOString().slice(0, 10);
}

/** Seeds the demo on an empty database: organizations, locations, roles, users, controllers. */
export async function seedDemo(db: Db, now = new Date(), opts: { history?: boolean } = {}): Promise<void> {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  await db.transaction(async (tx) => {
    const roleIds: Record<string, number> = {};
    for (const r of DEMO_ROLES) {
      const [row] = await tx
        .insert(roles)
        .values({ name: r.name, color: r.color, permissions: [...r.permissions] })
        .returning({ id: roles.id });
      roleIds[r.key] = row?.id ?? 0;
    }

    const orgIds: number[] = [];
    const locationIds: number[][] = [];
    let street = 100;
    for (const org of ORGS) {
      const [o] = await tx.insert(organizations).values({ name: org.name }).returning({ id: organizations.id });
      const orgId = o?.id ?? 0;
      orgIds.push(orgId);
      const ids: number[] = [];
      for (const loc of org.locations) {
        street += 17;
        const [l] = await tx
          .insert(locations)
          .values({
            organizationId: orgId,
            name: loc.name,
            addressLine1: `${street} ${loc.state === 'NL' ? 'Av. Constitución' : 'Main Street'}`,
            city: loc.city,
            state: loc.state,
            zip: loc.state === 'NL' ? '64000' : `75${String(street).padStart(3, '0')}`,
            phone: loc.state === 'NL' ? '+52 81 5555 0100' : '+1 214 555 0100',
            timezone: loc.state === 'NL' ? 'America/Monterrey' : 'America/Chicago',
          })
          .returning({ id: locations.id });
        ids.push(l?.id ?? 0);
      }
      locationIds.push(ids);
    }
    const [serviceOrg, freshMart] = orgIds as [number, number];

    const [desk] = await tx
      .insert(teams)
      .values({ name: SEEDED_NAMES.team.service_desk, organizationId: serviceOrg })
      .returning();
    const [field] = await tx
      .insert(teams)
      .values({ name: SEEDED_NAMES.team.field_technicians, organizationId: serviceOrg })
      .returning();
    const [storeOps] = await tx
      .insert(teams)
      .values({ name: SEEDED_NAMES.team.store_operations, organizationId: freshMart })
      .returning();

    const people = [
      {
        name: 'Alex Admin',
        email: 'admin@example.com',
        phone: '+1 214 555 0101',
        role: 'admin',
        org: serviceOrg,
        team: desk?.id,
        lang: 'en-US',
      },
      {
        name: 'María Manager',
        email: 'manager@example.com',
        phone: '+1 512 555 0142',
        role: 'manager',
        org: freshMart,
        team: storeOps?.id,
        lang: 'es-MX',
      },
      {
        name: 'Terry Technician',
        email: 'technician@example.com',
        phone: '+1 214 555 0177',
        role: 'technician',
        org: serviceOrg,
        team: field?.id,
        lang: 'en-US',
      },
      {
        name: 'Val Viewer',
        email: 'viewer@example.com',
        phone: '+1 512 555 0163',
        role: 'viewer',
        org: freshMart,
        team: storeOps?.id,
        lang: 'en-US',
      },
    ];
    for (const p of people) {
      const [u] = await tx
        .insert(users)
        .values({
          name: p.name,
          email: p.email,
          passwordHash,
          language: p.lang,
          phone: p.phone,
          organizationId: p.org,
          teamId: p.team ?? null,
          roleId: roleIds[p.role] ?? 0,
          allLocations: p.role !== 'viewer',
        })
        .returning({ id: users.id });
      if (p.role === 'viewer' && u) {
        // The store user sees two of FreshMart's five stores.
        const fm = locationIds[1] ?? [];
        await tx.insert(userLocations).values(fm.slice(0, 2).map((locationId) => ({ userId: u.id, locationId })));
      }
    }

    // 40 authorized controllers over the customer locations, then 4 pending authorization.
    const customerLocations = orgIds
      .slice(1)
      .flatMap((orgId, i) => (locationIds[i + 1] ?? []).map((locationId) => ({ orgId, locationId })));
    const rows: (typeof controllers.$inferInsert)[] = [];
    for (let i = 0; i < DEMO_CONTROLLERS; i++) {
      const site = customerLocations[i % customerLocations.length];
      if (!site) continue;
      const rackLetter = String.fromCharCode(65 + Math.floor(i / customerLocations.length));
      const offline = isSilentDemoController(i);
      rows.push({
        macAddress: mac(0x1000 + i),
        name: `Rack ${rackLetter} Controller`,
        storeAlias: `Store ${String(101 + (i % customerLocations.length))}`,
        organizationId: site.orgId,
        locationId: site.locationId,
        deviceModel: MODELS[i % MODELS.length] ?? null,
        firmware: `4.${i % 5}.${i % 3}`,
        vendorEndpoint: `10.20.${Math.floor(i / 10)}.${10 + i}`,
        deviceAddress: String(1 + (i % 8)),
        warrantyExpiry: i % 3 === 0 ? isoDate(200 + i * 7, now) : isoDate(-100 - i * 5, now),
        authorised: true,
        secureMode: i % 7 !== 0,
        online: !offline,
        // Silent for a few hours: their offline alarms are part of the history the demo opens on.
        lastSeenAt: offline ? new Date(now.getTime() - (150 + 5 * i) * 60_000) : now,
        deviceKeyHash: hashToken(demoDeviceKey(mac(0x1000 + i))),
      });
    }
    for (let i = 0; i < 4; i++) {
      rows.push({
        macAddress: mac(0x9000 + i),
        name: i % 2 === 0 ? null : `New rack controller ${i}`,
        deviceModel: MODELS[i % MODELS.length] ?? null,
        authorised: false,
        online: true,
        lastSeenAt: now,
      });
    }
    await tx.insert(controllers).values(rows);
  });
  await seedInventory(db, now);
  // Tests count their own alarms; the demo gets a year of history.
  if (opts.history ?? true) await seedAlarmHistory(db, now);
  if (opts.history ?? true) await seedReportReadings(db, now);
  if (opts.history ?? true) {
    await seedRefrigerant(db, now);
    await seedLeakHistory(db, now);
    await seedAlarmManagement(db, now);
    // The demo's cases defrost and their doors open (the simulated fleet): the case temperature alarm
    // judges a 20-minute product probe, so a door opening does not raise it.
    await db.execute(sql`update alarm_types set product_probe_minutes = 20 where code = 'CASE_HIGH_TEMP'`);
    // The silent controllers went offline before the demo started; the fleet's last day is on the charts.
    await seedSilentOffline(db);
    await seedRecentReadings(db, now);
  }
  await seedJobs(db, now);
  await seedNotifications(db);
  await seedOncall(db, now);
  await db.insert(appMeta).values({ key: 'demo', value: 'true' }).onConflictDoNothing();
}

/** Whether this database was seeded as the demo: a demo stays one across restarts. */
export async function isDemoDatabase(db: Db): Promise<boolean> {
  const [row] = await db.select().from(appMeta).where(eq(appMeta.key, 'demo'));
  return row?.value === 'true';
}
