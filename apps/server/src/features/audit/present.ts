import type { AuditChange, AuditScalar, AuditValue } from '@rcm/shared/settings';
import { notesText } from '../../lib/sanitize-notes.ts';

/**
 * Audit snapshots as an administrator reads them. Entries store what each feature wrote (camelCase
 * columns, snake_case bodies, API objects, ids); reading turns that into changes of named fields:
 * an id is a reference to be named (`NamedKind`), rich text becomes plain text, and the SPA words
 * flags, dates and codes. The rules go by field name, so a new action's snapshot needs no code here.
 */

/** Records an id in a snapshot (or an entry's subject) can name. */
export const NAMED_KINDS = [
  'organization',
  'location',
  'role',
  'team',
  'user',
  'controller',
  'alarm',
  'alarm_type',
  'job',
  'job_category',
  'asset',
  'inventory_item',
  'supplier',
  'purchase_order',
  'invitation',
  'maintenance_window',
  'escalation_policy',
  'oncall_schedule',
  'webhook',
] as const;
export type NamedKind = (typeof NAMED_KINDS)[number];
const isNamedKind = (k: string): k is NamedKind => (NAMED_KINDS as readonly string[]).includes(k);

/** Field names whose kind is not their stem (`category_id` is a job category's id). */
const FIELD_KINDS: Record<string, NamedKind> = {
  organisation: 'organization',
  organisation_id: 'organization',
  category: 'job_category',
  category_id: 'job_category',
  item_id: 'inventory_item',
  assignees: 'user',
  user_ids: 'user',
  created_by: 'user',
  ended_by: 'user',
  acknowledged_by: 'user',
  cleared_by: 'user',
  grantee_organization_id: 'organization',
  grantee_user_id: 'user',
};

/** Fields whose text is one of a fixed set of values: the SPA words them (`code` values). */
const CODE_FIELDS = new Set([
  'language',
  'priority',
  'status',
  'severity',
  'type',
  'permissions',
  'comparator',
  'source',
  'availability',
  'appliance_type',
  'leak_detection',
  'kind',
  'match',
  'warranty',
  'color',
]);

/** Bookkeeping, not content: never shown as a change. */
const IGNORED = new Set(['id', 'created_at', 'updated_at', 'points_at', 'password_hash', 'controllers_count']);

/** What a snapshot's field refers to, by its name: `role_id` → role, `location_ids` → location. */
export function fieldKind(field: string): NamedKind | null {
  const known = FIELD_KINDS[field];
  if (known) return known;
  const stem = /^(.+?)_ids?$/.exec(field)?.[1];
  return stem && isNamedKind(stem) ? stem : null;
}

const snake = (key: string) => key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
const isObject = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);
const HTML = /<\/?[a-z][^>]*>|&(?:[a-z]+|#\d+);/i;

/** A reference awaiting its name: the repository fills `name` from the database (or history). */
export type PendingRef = { kind: 'ref'; of: NamedKind; id: number; name?: string };
export type PendingScalar = AuditScalar | PendingRef;
export type PendingValue = PendingScalar | { kind: 'list'; items: PendingScalar[] };
export type PendingChange = { field: string; before: PendingValue | null; after: PendingValue | null };

/** A nested record's label: `3 × Evaporator fan` for an order line, else its name. */
function label(o: Record<string, unknown>): string {
  const name = [o.name, o.product_name, o.title, o.email, o.number].find((v) => typeof v === 'string' && v !== '');
  const part = (v: unknown) => (Array.isArray(v) ? v.join(', ') : v !== null && typeof v === 'object' ? '' : String(v));
  const text = typeof name === 'string' ? name : Object.values(o).map(part).filter(Boolean).join(' · ');
  return typeof o.quantity === 'number' ? `${o.quantity} × ${text}` : text;
}

function scalar(field: string, v: unknown): PendingScalar | null {
  if (v === null || v === undefined || v === '') return null;
  const kind = fieldKind(field);
  if (kind && typeof v === 'number' && Number.isInteger(v)) return { kind: 'ref', of: kind, id: v };
  if (typeof v === 'boolean') return { kind: 'flag', value: v };
  if (typeof v === 'number') return { kind: 'number', value: v };
  if (isObject(v)) {
    const id = typeof v.id === 'number' ? v.id : null;
    const name = typeof v.name === 'string' ? v.name : null;
    if (kind && id !== null) return { kind: 'ref', of: kind, id, ...(name ? { name } : {}) };
    return { kind: 'text', text: label(v) };
  }
  const text = String(v);
  if (/^\d{4}-\d{2}-\d{2}$/.test(text)) return { kind: 'date', value: text };
  if (/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(text)) return { kind: 'time', value: new Date(text).toISOString() };
  if (CODE_FIELDS.has(field)) return { kind: 'code', of: field, value: text };
  if (HTML.test(text)) {
    const plain = notesText(text);
    return plain ? { kind: 'text', text: plain } : null;
  }
  return { kind: 'text', text };
}

function value(field: string, v: unknown): PendingValue | null {
  if (!Array.isArray(v)) return scalar(field, v);
  const items = v.map((item) => scalar(field, item)).filter((x): x is PendingScalar => x !== null);
  return items.length > 0 ? { kind: 'list', items } : null;
}

/** A snapshot's fields by snake_case name; a nested record with an id becomes that id (`organisation` → `organization_id`). */
export function normalize(snapshot: unknown): Map<string, unknown> | null {
  if (!isObject(snapshot)) return null;
  const out = new Map<string, unknown>();
  for (const [key, v] of Object.entries(snapshot)) {
    let field = snake(key);
    if (IGNORED.has(field)) continue;
    // Money is stored in cents and shown in dollars: `unit_price_cents` is the `unit_price` of the API.
    if (field.endsWith('_cents') && typeof v === 'number') {
      out.set(field.slice(0, -'_cents'.length), v / 100);
      continue;
    }
    if (isObject(v) && typeof v.id === 'number' && !field.endsWith('_id')) {
      const kind = fieldKind(field) ?? (isNamedKind(field) ? field : null);
      if (kind) field = kind === 'organization' ? 'organization_id' : `${field}_id`;
    }
    if (!out.has(field)) out.set(field, v);
  }
  return out;
}

/** Two raw values mean the same: empty is empty, lists compare as sets, a record as its id. */
function same(a: unknown, b: unknown): boolean {
  const key = (v: unknown): string => {
    if (v === null || v === undefined || v === '' || (Array.isArray(v) && v.length === 0)) return '';
    if (Array.isArray(v)) return JSON.stringify(v.map((x) => key(x)).sort());
    if (isObject(v) && typeof v.id === 'number') return String(v.id);
    return JSON.stringify(v);
  };
  return key(a) === key(b);
}

/**
 * The fields of an entry. Both sides given (an update): each field the change wrote that differs
 * from before. One side (a creation, a removal, an event): every field that holds something.
 */
export function auditChanges(before: unknown, after: unknown): PendingChange[] {
  const b = normalize(before);
  const a = normalize(after);
  const out: PendingChange[] = [];
  if (a && b) {
    for (const [field, next] of a) {
      const prev = b.get(field);
      if (same(prev, next)) continue;
      // A flag the change adds (`password_changed: false`) says nothing when it is false.
      if (prev === undefined && next === false) continue;
      const change = { field, before: value(field, prev), after: value(field, next) };
      if (change.before || change.after) out.push(change);
    }
    return out;
  }
  const side = a ?? b;
  if (!side) return out;
  for (const [field, v] of side) {
    const shown = value(field, v);
    if (!shown) continue;
    out.push(a ? { field, before: null, after: shown } : { field, before: shown, after: null });
  }
  return out;
}

/** A name for the subject from the entry's own snapshot: for records that are gone or need no lookup. */
export function snapshotName(before: unknown, after: unknown): string | null {
  for (const side of [after, before]) {
    if (!isObject(side)) continue;
    for (const key of ['name', 'title', 'number', 'product_name', 'email', 'reason']) {
      const v = side[key];
      if (typeof v === 'string' && v.trim() !== '') return v;
    }
  }
  return null;
}

/** Every reference in the changes, by kind. */
export function refsOf(changes: readonly PendingChange[]): Map<NamedKind, Set<number>> {
  const out = new Map<NamedKind, Set<number>>();
  const add = (v: PendingScalar) => {
    if (v.kind !== 'ref') return;
    const set = out.get(v.of) ?? new Set<number>();
    set.add(v.id);
    out.set(v.of, set);
  };
  for (const c of changes) {
    for (const v of [c.before, c.after]) {
      if (!v) continue;
      if (v.kind === 'list') v.items.forEach(add);
      else add(v);
    }
  }
  return out;
}

/** Names the references; a record that cannot be named at all reads as its kind and number. */
export function named(changes: readonly PendingChange[], names: (of: NamedKind, id: number) => string | undefined) {
  const one = (v: PendingScalar): AuditScalar =>
    v.kind === 'ref' ? { kind: 'name', of: v.of, name: names(v.of, v.id) ?? v.name ?? `#${v.id}` } : v;
  const each = (v: PendingValue | null): AuditValue | null =>
    v === null ? null : v.kind === 'list' ? { kind: 'list', items: v.items.map(one) } : one(v);
  return changes.map((c): AuditChange => ({ field: c.field, before: each(c.before), after: each(c.after) }));
}
