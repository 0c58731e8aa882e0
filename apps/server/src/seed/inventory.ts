import type { AssetType } from '@rcm/shared/assets';
import type { ItemType } from '@rcm/shared/inventory';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { controllers, locations, organizations, users } from '../db/schema.ts';
import { assets, inventoryItems, purchaseOrderLines, purchaseOrders, suppliers } from '../db/schema-inventory.ts';

type Part = [
  name: string,
  part: string,
  type: ItemType,
  brand: string,
  spec: string,
  qty: number,
  reorder: number,
  usd: number,
];

/** The service company's warehouse stock: real part numbers, some low and some out of stock. */
// biome-ignore format: a table, one part a line
const PARTS: Part[] = [
  ['Thermostatic expansion valve', 'SBFSE-C-ZP', 'valve', 'Sporlan', 'R-404A/R-448A, 1/2–1 ton, 3/8 ODF', 14, 6, 189.5],
  ['Thermostatic expansion valve', 'EGVE-1-ZP', 'valve', 'Sporlan', 'R-404A, 1 ton, external equalizer', 3, 6, 164.25],
  ['Electronic expansion valve', 'SEI-1.5-10-S', 'valve', 'Sporlan', 'Stepper motor, 1.5 ton', 5, 4, 312.0],
  ['Electric expansion valve', 'AKV 10-3', 'valve', 'Danfoss', 'Pulse-width, R-448A, 068F1169', 0, 4, 276.4],
  ['Thermostatic expansion valve', 'TES 2 068Z3403', 'valve', 'Danfoss', 'R-404A, orifice 02', 9, 5, 142.8],
  ['Solenoid valve', 'EVR 6 032F8072', 'valve', 'Danfoss', '3/8 ODF, NC, without coil', 11, 6, 98.75],
  ['Solenoid coil', '018F6701', 'valve', 'Danfoss', '120 V 60 Hz, 10 W', 17, 8, 41.2],
  ['Solenoid valve', 'E5S130-HP', 'valve', 'Sporlan', '5/8 ODF, 120/208–240 V coil', 2, 4, 131.9],
  ['Hot gas bypass valve', 'ADRS-2-0/55', 'valve', 'Sporlan', 'Adjustable 0–55 psig', 4, 2, 221.35],
  ['Evaporator pressure regulator', 'KVP 15 034L0021', 'valve', 'Danfoss', '5/8 ODF, 0–80 psig', 3, 2, 167.0],
  ['Ball valve', 'BVA-7-T', 'valve', 'Sporlan', '7/8 ODF, bi-flow', 12, 4, 58.6],
  ['Scroll compressor', 'ZS21KAE-PFV', 'compressor', 'Copeland', '1.75 HP, 208/230 V 1 ph, R-448A/R-404A', 2, 1, 1890.0],
  ['Scroll compressor', 'ZS38K4E-TF5', 'compressor', 'Copeland', '3 HP, 208/230 V 3 ph, medium temp', 1, 1, 2345.0],
  ['Scroll compressor', 'ZF15K4E-TF5', 'compressor', 'Copeland', '5 HP, low temp, EVI', 0, 1, 3120.0],
  ['Semi-hermetic compressor', '4DA3-200E-TSK', 'compressor', 'Copeland', 'Discus 20 HP, 460 V 3 ph', 1, 1, 7650.0],
  ['Crankcase heater', '018-0076-00', 'compressor', 'Copeland', '70 W, 240 V, belt type', 6, 3, 38.5],
  ['Compressor protection module', 'CoreSense 543-0236-00', 'compressor', 'Copeland', 'Discus diagnostics', 2, 2, 412.0],
  ['Liquid line filter drier', 'C-083-S', 'filter_drier', 'Sporlan', 'Catch-All, 3/8 SAE flare, 8 cu in', 36, 12, 19.45],
  ['Liquid line filter drier', 'C-305-S', 'filter_drier', 'Sporlan', 'Catch-All, 5/8 ODF, 30 cu in', 9, 10, 47.2],
  ['Suction line filter drier', 'C-4311-S-T-HH', 'filter_drier', 'Sporlan', '1-3/8 ODF, high-capacity core', 4, 4, 186.3],
  ['Filter drier', 'DML 164S 023Z4515', 'filter_drier', 'Danfoss', '1/2 ODF, molecular sieve', 14, 8, 26.9],
  ['Replaceable core', 'RCW-48', 'filter_drier', 'Sporlan', 'Catch-All core, 48 cu in', 0, 6, 32.75],
  ['Definite purpose contactor', 'HN51KC024', 'contactor', 'Carrier', '3 pole 40 A, 24 V coil', 21, 8, 44.9],
  ['Definite purpose contactor', '42BF35AF', 'contactor', 'Siemens', '2 pole 30 A, 120 V coil', 6, 6, 36.4],
  ['Contactor', 'LC1D25G7', 'contactor', 'Schneider Electric', '3 pole 25 A IEC, 120 V coil', 8, 4, 88.1],
  ['Time delay relay', 'TDR-2', 'contactor', 'Packard', 'Delay on break, 3 min', 3, 5, 27.6],
  ['Refrigerant R-448A', 'R448A-25', 'refrigerant', 'Honeywell Solstice N40', '25 lb cylinder', 7, 4, 389.0],
  ['Refrigerant R-404A', 'R404A-24', 'refrigerant', 'Chemours Freon', '24 lb cylinder', 2, 4, 342.0],
  ['Refrigerant R-449A', 'R449A-25', 'refrigerant', 'Chemours Opteon XP40', '25 lb cylinder', 5, 3, 371.0],
  ['Refrigerant R-407A', 'R407A-25', 'refrigerant', 'Arkema Forane', '25 lb cylinder', 0, 2, 298.0],
  ['Refrigerant R-744 (CO₂)', 'R744-50', 'refrigerant', 'Airgas', '50 lb cylinder, dip tube', 3, 2, 165.0],
  ['POE compressor oil', 'Ultra 22 CC 998-E022-00', 'refrigerant', 'Copeland', '1 gallon', 10, 4, 78.3],
  ['Pressure transducer', 'AKS 32R 060G1036', 'sensor', 'Danfoss', '-1 to 12 bar, ratiometric', 8, 4, 118.0],
  ['Temperature sensor', 'AKS 11 084N0003', 'sensor', 'Danfoss', 'Pt1000, 3.5 m cable', 25, 10, 34.5],
  ['Temperature probe', 'NTC015WF00', 'sensor', 'Carel', 'NTC 10k, IP67, 1.5 m', 4, 10, 12.8],
  ['Pressure transducer', 'SPKT0013R0', 'sensor', 'Carel', '0–30 bar, 4–20 mA', 2, 3, 126.0],
  ['Liquid level sensor', 'AKS 4100 084H4164', 'sensor', 'Danfoss', 'Coaxial, 800 mm', 1, 1, 689.0],
  ['Refrigerant leak detector', 'GDA 148H5003', 'sensor', 'Danfoss', 'Semiconductor, HFC', 3, 2, 402.0],
  ['Condenser fan motor', 'K55HXJHA-7042', 'fan_motor', 'Regal Beloit', '1/2 HP, 1075 rpm, 208–230 V', 5, 3, 214.0],
  ['Evaporator fan motor', 'ECM 3001', 'fan_motor', 'Morrill', '9 W EC, 115 V, CW', 18, 10, 61.5],
  ['Evaporator fan motor', 'SP-B9', 'fan_motor', 'Morrill', '9 W shaded pole, 115 V', 0, 8, 29.9],
  ['Fan blade', '5H 0126', 'fan_motor', 'Revcor', '12 in, 5 blade, 26°, CW', 9, 4, 24.2],
  ['Case controller', 'AK-CC 550A 084B8020', 'controller', 'Danfoss', 'Display case controller', 2, 2, 356.0],
  ['Rack controller', 'AK-PC 782A 080Z0190', 'controller', 'Danfoss', 'Pack controller, Modbus', 1, 1, 1420.0],
  ['Digital controller', 'XR06CX-5N0C1', 'controller', 'Dixell', 'Single-stage, NTC', 7, 3, 69.9],
  ['Door heater wire', 'DHW-120-40', 'other', 'Anthony', 'Anti-sweat heater, 40 ft', 6, 2, 58.0],
  ['Door gasket', 'GSK-2660', 'other', 'Hill Phoenix', 'Magnetic, 26 × 60 in', 3, 6, 45.5],
];

/** FreshMart keeps a small store-room stock of its own. */
const STORE_PARTS: Part[] = [
  ['Door gasket', 'FM-GSK-2476', 'other', 'Hussmann', 'Reach-in door, 24 × 76 in', 12, 6, 52.0],
  ['LED light bar', 'FM-LED-48', 'other', 'Hussmann', '48 in, 5000 K, case lighting', 4, 6, 88.0],
  ['Evaporator fan motor', 'FM-ECM-9', 'fan_motor', 'Morrill', '9 W EC, 115 V', 8, 4, 63.0],
  ['Temperature probe', 'FM-NTC-10K', 'sensor', 'Carel', 'NTC 10k', 0, 4, 13.5],
  ['Liquid line filter drier', 'FM-C-083-S', 'filter_drier', 'Sporlan', 'Catch-All, 3/8 SAE', 10, 4, 20.1],
  ['Night curtain', 'FM-NC-8', 'other', 'Econofrost', '8 ft multi-deck curtain', 2, 2, 410.0],
];

const DAY = 86_400_000;

/** Seeds suppliers (URI first), stock, purchase orders in every status and an asset register. */
export async function seedInventory(db: Db, now = new Date()): Promise<void> {
  // URI exists already (the migration adds it to every database); the demo fills in its details.
  // Order addresses are example.com ones: a demo with SMTP configured must not email real suppliers.
  const [uri, johnstone] = await db
    .insert(suppliers)
    .values([
      {
        code: 'URI',
        name: 'United Refrigeration Inc.',
        email: 'orders.uri@example.com',
        phone: '+1 800 252 9874',
        accountNumber: 'POLAR-20417',
      },
      {
        code: 'JSC',
        name: 'Johnstone Supply',
        email: 'orders.johnstone@example.com',
        phone: '+1 800 753 0100',
        accountNumber: 'JS-88123',
      },
    ])
    .onConflictDoUpdate({
      target: suppliers.code,
      set: {
        name: sql`excluded.name`,
        email: sql`excluded.email`,
        phone: sql`excluded.phone`,
        accountNumber: sql`excluded.account_number`,
      },
    })
    .returning({ id: suppliers.id });
  const orgs = await db.select().from(organizations).orderBy(organizations.id);
  const [service, freshMart] = orgs;
  if (!uri || !service || !freshMart) return;
  const allLocations = await db.select().from(locations).orderBy(locations.id);
  const [admin] = await db.select({ id: users.id }).from(users).where(eq(users.email, 'admin@example.com'));

  const insertParts = async (organizationId: number, parts: Part[]) =>
    db
      .insert(inventoryItems)
      .values(
        parts.map(([productName, partNumber, type, brand, specification, quantity, reorderLevel, usd]) => ({
          organizationId,
          productName,
          partNumber,
          type,
          brand,
          specification,
          quantity,
          reorderLevel,
          unitPriceCents: Math.round(usd * 100),
          supplierId: uri.id,
        })),
      )
      .returning({ id: inventoryItems.id, price: inventoryItems.unitPriceCents });
  const serviceItems = await insertParts(service.id, PARTS);
  const storeItems = await insertParts(freshMart.id, STORE_PARTS);

  // Orders to URI over the past six months: received ones long ago, sent ones recently, drafts today.
  const depot = allLocations.find((l) => l.organizationId === service.id);
  const stores = allLocations.filter((l) => l.organizationId === freshMart.id);
  const plan: {
    org: number;
    location: number | undefined;
    items: typeof serviceItems;
    status: string;
    daysAgo: number;
  }[] = [];
  for (let i = 0; i < 14; i++) {
    const status = i < 9 ? 'received' : i < 12 ? 'sent' : 'draft';
    plan.push({ org: service.id, location: depot?.id, items: serviceItems, status, daysAgo: 175 - i * 13 });
  }
  for (let i = 0; i < 5; i++) {
    const status = i < 3 ? 'received' : i < 4 ? 'sent' : 'draft';
    plan.push({
      org: freshMart.id,
      location: stores[i % stores.length]?.id,
      items: storeItems,
      status,
      daysAgo: 150 - i * 35,
    });
  }
  for (const [n, p] of plan.entries()) {
    if (!p.location) continue;
    const created = new Date(now.getTime() - p.daysAgo * DAY);
    const [po] = await db
      .insert(purchaseOrders)
      .values({
        number: `PO-${created.getUTCFullYear()}-${String(n + 1).padStart(6, '0')}`,
        organizationId: p.org,
        locationId: p.location,
        supplierId: n % 6 === 5 && johnstone ? johnstone.id : uri.id,
        status: p.status,
        notes: p.status === 'draft' ? 'Restock of low items' : '',
        createdBy: admin?.id ?? null,
        createdAt: created,
        orderedAt: p.status === 'draft' ? null : new Date(created.getTime() + DAY / 4),
        receivedAt: p.status === 'received' ? new Date(created.getTime() + 4 * DAY) : null,
      })
      .returning({ id: purchaseOrders.id });
    if (!po) continue;
    const lines = [0, 1, 2, 3].slice(0, 2 + (n % 3)).map((k) => {
      const item = p.items[(n * 5 + k * 7) % p.items.length];
      return { itemId: item?.id ?? 0, quantity: 1 + ((n + k) % 6), unitPriceCents: item?.price ?? 0 };
    });
    await db
      .insert(purchaseOrderLines)
      .values(lines.filter((l) => l.itemId > 0).map((l) => ({ ...l, purchaseOrderId: po.id })));
  }
  // The next number a new order takes follows the seeded ones.
  await db.execute(
    sql`select setval(pg_get_serial_sequence('purchase_orders', 'id'), (select coalesce(max(id), 1) from purchase_orders))`,
  );

  await seedAssets(db, now, allLocations);
}

const RACK_MAKERS = ['Hillphoenix', 'Hussmann', 'Kysor Warren', 'Zero Zone'];

async function seedAssets(db: Db, now: Date, allLocations: (typeof locations.$inferSelect)[]): Promise<void> {
  const fleet = await db.select().from(controllers).where(eq(controllers.authorised, true)).orderBy(controllers.id);
  const date = (days: number) => new Date(now.getTime() + days * DAY).toISOString().slice(0, 10);
  const rows: (typeof assets.$inferInsert)[] = [];
  allLocations.forEach((loc, li) => {
    const add = (
      type: AssetType,
      name: string,
      maker: string,
      model: string,
      installedDays: number,
      warrantyDays: number | null,
      controllerId: number | null = null,
    ) =>
      rows.push({
        organizationId: loc.organizationId,
        locationId: loc.id,
        type,
        name,
        manufacturer: maker,
        model,
        serial: `${maker.slice(0, 2).toUpperCase()}${(loc.id * 7919 + rows.length * 104729).toString(36).toUpperCase()}`,
        installedAt: date(-installedDays),
        warrantyExpiry: warrantyDays === null ? null : date(warrantyDays),
        controllerId,
      });
    const here = fleet.filter((c) => c.locationId === loc.id);
    // Warranty spread: some expired, some expiring within 90 days, some active, some unknown.
    const w = (k: number) => [-220, 45, 400, 760, -30, 80, null][(li + k) % 7] ?? null;
    here.forEach((c, ci) => {
      const rack = String.fromCharCode(65 + ci);
      add(
        'rack',
        `Rack ${rack}`,
        RACK_MAKERS[(li + ci) % RACK_MAKERS.length] ?? 'Hillphoenix',
        'Protocol PRT-4',
        1500 - li * 40,
        w(ci),
        c.id,
      );
      add(
        'controller',
        c.name ?? `Rack ${rack} Controller`,
        (c.deviceModel ?? 'Danfoss').split(' ')[0] ?? 'Danfoss',
        c.deviceModel ?? '',
        900 - li * 20,
        w(ci + 1),
        c.id,
      );
      add('compressor', `Rack ${rack} compressor 1`, 'Copeland', 'ZS38K4E-TF5', 1100 - li * 30, w(ci + 2), c.id);
      add('compressor', `Rack ${rack} compressor 2`, 'Copeland', 'ZF15K4E-TF5', 700 - li * 10, w(ci + 3), c.id);
    });
    add('condenser', 'Roof condenser', 'Heatcraft', 'LCE-090', 1400 - li * 35, w(4));
    add('display_case', 'Dairy multi-deck', 'Hussmann', 'Excel M5X-12', 1200 - li * 25, w(5));
    add('display_case', 'Frozen reach-in', 'Hillphoenix', 'Origin 5-door', 800 - li * 15, w(6));
    add('walk_in', 'Produce walk-in cooler', 'Kolpak', 'P7-1010-CT', 2000 - li * 50, w(7));
  });
  for (let i = 0; i < rows.length; i += 500) await db.insert(assets).values(rows.slice(i, i + 500));
}
