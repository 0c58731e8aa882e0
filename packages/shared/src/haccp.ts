import { z } from 'zod';
import { listMeta, pageQuery } from './pagination.ts';
import { bodyId, paramId } from './params.ts';
import { checkRange, haccpCaseShape, rangeShape } from './reports.ts';

/**
 * The HACCP log's own entries: a corrective action taken on an excursion, and the responsible
 * person's sign-off of a location's log over a period. Both are signed by who recorded them and
 * never change afterwards; a correction is a new entry that names the one it corrects.
 */
export const HACCP_ENTRY_KINDS = ['corrective_action', 'sign_off'] as const;
export type HaccpEntryKind = (typeof HACCP_ENTRY_KINDS)[number];

/** The longest text of an entry (characters). */
export const HACCP_TEXT_MAX = 2000;

const text = z.string().trim().min(1).max(HACCP_TEXT_MAX);
const day = z.iso.date();

/** POST /api/reports/haccp/corrective-actions: what was done about the excursion that started at `excursion_start`. */
export const haccpCorrectiveActionBody = z.object({
  location_id: bodyId,
  controller_id: bodyId,
  /** The case point, `{rack}.CASE{n}`. */
  point: z.string().trim().min(1).max(64),
  /** The first hour of the excursion (as listed by GET /api/reports/haccp/excursions). */
  excursion_start: z.iso.datetime({ offset: true }),
  text,
  /** When the action was taken; default: when it is recorded. Not in the future. */
  taken_at: z.iso.datetime({ offset: true }).optional(),
  /** The entry this one corrects (a corrective action of the same excursion). */
  corrects_id: bodyId.optional(),
});
export type HaccpCorrectiveActionBody = z.infer<typeof haccpCorrectiveActionBody>;

/** What a signer means by their signature. */
export const HACCP_SIGNATURE_MEANINGS = ['reviewed', 'approved', 'verified', 'corrected'] as const;
export type HaccpSignatureMeaning = (typeof HACCP_SIGNATURE_MEANINGS)[number];

/** POST /api/reports/haccp/sign-offs: the responsible person signs a location's log for `from`..`to` (local days). */
export const haccpSignOffBody = z
  .object({
    location_id: bodyId,
    from: day,
    to: day,
    /** What the signer attests (optional). */
    text: z.string().trim().max(HACCP_TEXT_MAX).optional(),
    /** The sign-off this one corrects (same location). */
    corrects_id: bodyId.optional(),
    /** What the signature means. */
    meaning: z.enum(HACCP_SIGNATURE_MEANINGS),
    /**
     * From `POST /api/auth/reauth {…, purpose: "signature"}`: the signer proved again who they are
     * (missing, used or expired: 401 `reauth_required`).
     */
    reauth_token: z.string().min(1).max(200).optional(),
  })
  .superRefine(checkRange);
export type HaccpSignOffBody = z.infer<typeof haccpSignOffBody>;

/**
 * An electronic signature: who signed (name and role as they were), when, in which zone, meaning
 * what, proved how (the re-authentication's method), and the SHA-256 of the signed record's
 * canonical JSON (`sha256:<hex>`).
 */
export const haccpSignature = z.object({
  signer: z.object({ id: z.number().int(), name: z.string(), role: z.string() }),
  signed_at: z.string(),
  /** The location's time zone. */
  time_zone: z.string(),
  meaning: z.enum(HACCP_SIGNATURE_MEANINGS),
  /** How the signer re-authenticated: `password`, `totp`, `recovery_code`, `webauthn`. */
  method: z.string(),
  record_hash: z.string(),
});
export type HaccpSignature = z.infer<typeof haccpSignature>;

/** GET /api/reports/haccp/sign-offs/{id}/verify: the stored hash against the one the record gives now. */
export const haccpSignatureCheck = z.object({
  valid: z.boolean(),
  record_hash: z.string(),
  recomputed_hash: z.string(),
});
export type HaccpSignatureCheck = z.infer<typeof haccpSignatureCheck>;

export const haccpEntry = z.object({
  id: z.number().int(),
  kind: z.enum(HACCP_ENTRY_KINDS),
  organization_id: z.number().int(),
  location_id: z.number().int(),
  location_name: z.string(),
  /** Corrective action: the excursion's case and first hour. */
  controller_id: z.number().int().nullable(),
  point: z.string().nullable(),
  excursion_start: z.string().nullable(),
  /** Sign-off: the local days signed. */
  from: z.string().nullable(),
  to: z.string().nullable(),
  text: z.string(),
  /** When the action was taken, or when the log was signed. */
  taken_at: z.string(),
  author_id: z.number().int().nullable(),
  author_name: z.string(),
  recorded_at: z.string(),
  corrects_id: z.number().int().nullable(),
  /** The later entry that corrects this one, if any. */
  corrected_by_id: z.number().int().nullable(),
  /**
   * Sign-off: the period's excursions at the location when it was signed, and how many had no
   * corrective action then (null for a corrective action, and for sign-offs recorded before these were kept).
   */
  excursions: z.number().int().nullable(),
  excursions_without_action: z.number().int().nullable(),
  /** A sign-off's electronic signature (null for a corrective action, and for sign-offs recorded before signatures). */
  signature: haccpSignature.nullable(),
});
export type HaccpEntry = z.infer<typeof haccpEntry>;

/** What the log's lists are filtered by: a day range, an organization and a location. */
const haccpPlaceRange = {
  from: rangeShape.from,
  to: rangeShape.to,
  organization_id: rangeShape.organization_id,
  location_id: rangeShape.location_id,
};
/** The log's lists' pages: 50 a page by default, at most 200. */
const haccpPage = pageQuery(50, 200).shape;

/** GET /api/reports/haccp/entries: a location's (or every location in scope) entries touching the range. */
export const haccpEntriesQuery = z
  .object({ ...haccpPlaceRange, kind: z.enum(HACCP_ENTRY_KINDS).optional(), ...haccpPage })
  .superRefine(checkRange);
export type HaccpEntriesQuery = z.infer<typeof haccpEntriesQuery>;
export const haccpEntryList = z.object({ data: z.array(haccpEntry), meta: listMeta });

/** A corrective action as the excursion shows it: from the log, or from the notes of the point's alarm. */
export const haccpAction = z.object({
  source: z.enum(['log', 'alarm']),
  /** The log entry's id (source `log`), or the alarm's ref (source `alarm`). */
  id: z.number().int(),
  text: z.string(),
  author_name: z.string().nullable(),
  taken_at: z.string().nullable(),
  corrects_id: z.number().int().nullable(),
  corrected_by_id: z.number().int().nullable(),
});
export type HaccpAction = z.infer<typeof haccpAction>;

/** An excursion: consecutive hours whose highest reading is above the case's limit. */
export const haccpExcursion = z.object({
  location_id: z.number().int(),
  location_name: z.string(),
  timezone: z.string(),
  ...haccpCaseShape,
  /** First hour above the limit and the end of the last one. */
  start: z.string(),
  end: z.string(),
  hours: z.number().int(),
  peak: z.number(),
  actions: z.array(haccpAction),
});
export type HaccpExcursion = z.infer<typeof haccpExcursion>;

export const haccpExcursionsQuery = z.object({ ...haccpPlaceRange, ...haccpPage }).superRefine(checkRange);
export type HaccpExcursionsQuery = z.infer<typeof haccpExcursionsQuery>;
/** Every excursion of the query (all pages) and how many of them have no corrective action yet. */
export const haccpExcursionSummary = z.object({ excursions: z.number().int(), without_action: z.number().int() });
export type HaccpExcursionSummary = z.infer<typeof haccpExcursionSummary>;
export const haccpExcursionList = z.object({
  data: z.array(haccpExcursion),
  meta: listMeta,
  summary: haccpExcursionSummary,
});

export const haccpEntryParams = z.object({ id: paramId });
