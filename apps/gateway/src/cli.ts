import { startGateway } from './gateway.ts';
import { prepare } from './prepare.ts';

const prepared = prepare(process.argv.slice(2), { out: console.log, err: console.error });
if ('exit' in prepared) {
  process.exitCode = prepared.exit;
} else {
  const log = (m: string) => console.log(`${new Date().toISOString()} ${m}`);
  const gateway = startGateway(prepared.setup, { log });
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    log(`${signal}: stopping`);
    gateway.stop().then(
      () => process.exit(0),
      (err: unknown) => {
        console.error(err);
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
}
