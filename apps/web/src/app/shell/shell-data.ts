import type { AuthUser } from '@rcm/shared/auth';
import { fetchFirstTime } from '@/lib/query-client.ts';
import { shellReads } from './shell-reads.ts';

/**
 * What the shell's banners and the header's count of controllers waiting to be authorized show, asked
 * for while the first page's code loads: the shell then renders with them in place, instead of a
 * banner arriving later and pushing the page down. Only while the cache has never asked
 * (`fetchFirstTime`; the cache is emptied whenever the identity changes).
 */
export async function ensureShellData(user: AuthUser): Promise<void> {
  const reads = shellReads(user);
  await Promise.all([
    reads.storage && fetchFirstTime(reads.storage),
    reads.mail && fetchFirstTime(reads.mail),
    reads.unauthorized && fetchFirstTime(reads.unauthorized),
  ]);
}
