/** What a worker thread is told about the messages it handed over: stored (`ok`) or not (`failed`). */
export type AckBatch = { ok: number[]; failed: number[] };

/**
 * Collects a worker thread's message outcomes and sends them once per event-loop turn (a batch's
 * commit settles thousands at once). `flush` sends what is collected now (a stop).
 */
export function batchAcks(send: (acks: AckBatch) => void): {
  settle: (id: number, ok: boolean) => void;
  flush: () => void;
} {
  let acks: AckBatch = { ok: [], failed: [] };
  let queued = false;
  const flush = () => {
    queued = false;
    if (acks.ok.length === 0 && acks.failed.length === 0) return;
    send(acks);
    acks = { ok: [], failed: [] };
  };
  return {
    settle: (id, ok) => {
      (ok ? acks.ok : acks.failed).push(id);
      if (!queued) {
        queued = true;
        setImmediate(flush);
      }
    },
    flush,
  };
}
