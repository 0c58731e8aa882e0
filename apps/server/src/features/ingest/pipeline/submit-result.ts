/** What the ingest pipeline (pipeline.ts) answers for a message, and what it reports. */

import type { BatchItem } from '../writer/batch-item.ts';
import type { RejectReason } from './parse.ts';

/** `duplicate`: the message's msg_id was stored before, so it was acknowledged and not stored again. */
export type SubmitResult = { ok: true; stored: boolean; duplicate?: true } | { ok: false; reason: RejectReason };

/** Shared by every written message (never mutated): no object per message. */
export const STORED: SubmitResult = Object.freeze({ ok: true, stored: true }) as SubmitResult;
/** A message whose msg_id was stored before: acknowledged, not stored again. */
export const DUPLICATE: SubmitResult = Object.freeze({ ok: true, stored: false, duplicate: true }) as SubmitResult;

/** Called once per message: with the result, or with the error that kept its batch from being written. */
export type SubmitDone = (err: Error | null, result?: SubmitResult) => void;

/** A committed batch's messages, each with when it was queued (`performance.now()`), and when it committed. */
export type CommittedListener = (batch: readonly { item: BatchItem; at: number }[], committedAt: number) => void;

export type IngestStats = {
  accepted: number;
  duplicates: number;
  readings: number;
  batches: number;
  /** Batches that could not be written (after their retries); nothing of them was acknowledged. */
  failedBatches: number;
  /** Failed batches since the last one that committed. */
  consecutiveFailures: number;
  rejected: Record<RejectReason, number>;
  lastBatchMs: number;
};

/** This many failed batches in a row, and no commit since: the instance is not ready (`ingest_failing`). */
export const INGEST_FAILING_AFTER = 3;

/** Ingest takes nothing now (the disk is almost full): the message is not acknowledged, and the device keeps it. */
export class IngestRefused extends Error {
  constructor(readonly reason: 'disk_low') {
    super(`ingest refused: ${reason}`);
  }
}
