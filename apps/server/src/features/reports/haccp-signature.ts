import { createHash } from 'node:crypto';
import type { HaccpEntry, HaccpSignature, HaccpSignatureCheck } from '@rcm/shared/haccp';

/** JSON with every object's keys in code-point order and no spaces: the same content, the same text. */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value ?? null);
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
}

/** The part of a sign-off its signature covers, as stored in the entry's columns. */
export type SignedRecord = Pick<
  HaccpEntry,
  | 'id'
  | 'kind'
  | 'organization_id'
  | 'location_id'
  | 'from'
  | 'to'
  | 'text'
  | 'excursions'
  | 'excursions_without_action'
  | 'corrects_id'
>;

/**
 * The signed content: the record (location, period, the period's excursions and those without a
 * corrective action, the note, the entry it corrects) and the signature's own facts (signer's id,
 * name and role, time, zone, meaning, method). The entry's id is left out: it is given by the
 * database after the hash is made.
 */
function signedContent(record: Omit<SignedRecord, 'id'>, signature: Omit<HaccpSignature, 'record_hash'>) {
  return {
    kind: record.kind,
    organization_id: record.organization_id,
    location_id: record.location_id,
    from: record.from,
    to: record.to,
    excursions: { total: record.excursions, without_action: record.excursions_without_action },
    note: record.text,
    corrects_id: record.corrects_id,
    meaning: signature.meaning,
    signer: { id: signature.signer.id, name: signature.signer.name, role: signature.signer.role },
    signed_at: signature.signed_at,
    time_zone: signature.time_zone,
    method: signature.method,
  };
}

/** `sha256:<hex>` of the signed content's canonical JSON. */
export function recordHash(record: Omit<SignedRecord, 'id'>, signature: Omit<HaccpSignature, 'record_hash'>): string {
  return `sha256:${createHash('sha256')
    .update(canonicalJson(signedContent(record, signature)))
    .digest('hex')}`;
}

/**
 * A stored signature checked against its entry as it is now: the hash recomputed from the entry's
 * columns and the signature's facts, which must also still name the entry's author and time.
 */
export function verifySignature(entry: HaccpEntry, signature: HaccpSignature): HaccpSignatureCheck {
  const recomputed = recordHash(entry, signature);
  const sameSigner =
    signature.signer.id === entry.author_id &&
    signature.signer.name === entry.author_name &&
    Date.parse(signature.signed_at) === Date.parse(entry.taken_at);
  return {
    valid: sameSigner && recomputed === signature.record_hash,
    record_hash: signature.record_hash,
    recomputed_hash: recomputed,
  };
}
