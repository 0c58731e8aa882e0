/**
 * Samples this process's memory every second (the bench's server runs in it) and keeps the peaks;
 * with `report`, prints a line every `reportEveryMs` (resident, heap, and what `extra` adds).
 */
export function watchServerMemory(opts: { reportEveryMs?: number; report?: boolean; extra?: () => string } = {}) {
  const started = Date.now();
  const peak = { rssMb: 0, heapMb: 0 };
  let lastReport = started;
  const timer = setInterval(() => {
    const m = process.memoryUsage();
    const rssMb = m.rss / 2 ** 20;
    const heapMb = m.heapUsed / 2 ** 20;
    peak.rssMb = Math.max(peak.rssMb, rssMb);
    peak.heapMb = Math.max(peak.heapMb, heapMb);
    if (opts.report && Date.now() - lastReport >= (opts.reportEveryMs ?? 10_000)) {
      lastReport = Date.now();
      const t = ((Date.now() - started) / 1000).toFixed(0);
      console.log(`t=${t}s rss=${rssMb.toFixed(0)}MB heap=${heapMb.toFixed(0)}MB ${opts.extra?.() ?? ''}`);
    }
  }, 1000);
  timer.unref();
  return { peak, stop: () => clearInterval(timer) };
}
