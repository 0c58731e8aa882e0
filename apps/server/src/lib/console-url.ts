import type { Config } from '../config.ts';

/**
 * The console's own address for links in emails, messages and webhooks: `PUBLIC_URL`, else localhost
 * at the port the server listens on (`listening` is called by server.ts once it is bound).
 */
export function consoleUrl(config: Pick<Config, 'PUBLIC_URL' | 'PORT'>) {
  let port = config.PORT;
  return {
    url: () => (config.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/+$/, ''),
    listening: (bound: number) => {
      port = bound;
    },
  };
}
export type ConsoleUrl = ReturnType<typeof consoleUrl>;
