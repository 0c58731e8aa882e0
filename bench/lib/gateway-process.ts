import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';

/** The Node flags of the systemd unit's ExecStart, so a bench measures the gateway a store box runs. */
export function unitFlags(): string[] {
  const unit = readFileSync(new URL('../../deploy/rcm-gateway.service', import.meta.url), 'utf8');
  const exec = /^ExecStart=\S+ (.*?) rcm-gateway\.mjs/m.exec(unit);
  if (!exec?.[1]) throw new Error('deploy/rcm-gateway.service: no ExecStart with node flags before rcm-gateway.mjs');
  return exec[1].split(/\s+/);
}

export type GatewayProcess = { proc: ChildProcess; startedAt: number; lines: string[] };

/** The gateway's bundle in its own process with the unit's flags; its first 200 output lines kept. */
export function startGatewayProcess(bundle: string, configPath: string): GatewayProcess {
  const proc = spawn(process.execPath, [...unitFlags(), bundle, '--config', configPath], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const g: GatewayProcess = { proc, startedAt: performance.now(), lines: [] };
  const keep = (chunk: Buffer) => {
    for (const line of chunk.toString().split('\n').filter(Boolean)) if (g.lines.length < 200) g.lines.push(line);
  };
  proc.stdout?.on('data', keep);
  proc.stderr?.on('data', keep);
  return g;
}

export async function stopGatewayProcess(g: GatewayProcess): Promise<void> {
  if (g.proc.exitCode !== null) return;
  g.proc.kill('SIGTERM');
  await new Promise((r) => g.proc.once('exit', r));
}
