import { readFileSync } from 'node:fs';

/** Clock ticks a second in /proc (USER_HZ on Linux). */
const TICK = 100;

/** CPU time (user + system) a process has used, in ms, from /proc (Linux). */
export function cpuMs(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICK;
}

/** A process's resident memory now, in MB. */
export function rssMb(pid: number): number {
  const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) / 1024 : 0;
}

/** A process's CPU share of one core and peak resident memory over `seconds`, sampled every second. */
export async function sampleProcess(pid: number, seconds: number, until?: () => boolean) {
  const t0 = performance.now();
  const c0 = cpuMs(pid);
  let peak = rssMb(pid);
  for (let s = 0; s < seconds && !until?.(); s++) {
    await new Promise((r) => setTimeout(r, 1_000));
    peak = Math.max(peak, rssMb(pid));
  }
  const wallMs = performance.now() - t0;
  return { cpu: (cpuMs(pid) - c0) / wallMs, peakRss: peak, wallS: wallMs / 1000 };
}
