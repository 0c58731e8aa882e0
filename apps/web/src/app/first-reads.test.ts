import type { AuthUser } from '@rcm/shared/auth';
import { PERMISSIONS } from '@rcm/shared/permissions';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadDashboard } from '@/features/dashboard/api/dashboard-data.ts';
import { queryClient } from '@/lib/query-client.ts';
import { testUser } from '@/test/users.ts';
import { firstReadPaths } from './first-reads.ts';
import { dashboardSearch } from './search-params.ts';
import { ensureShellData } from './shell/shell-data.ts';

const userWith = (permissions: readonly string[]) => testUser({ permissions: [...permissions] });

const administrator = userWith(PERMISSIONS);
const technician = userWith(['alarms_view', 'alarms_acknowledge', 'jobs_view', 'controllers_view', 'locations_view']);
const noAlarms = userWith(['locations_view', 'controllers_view']);

/** The API paths the shell and the dashboard ask for on a first load (an empty cache), in order. */
async function appReads(user: AuthUser, phone: boolean): Promise<string[]> {
  const asked: string[] = [];
  vi.stubGlobal('matchMedia', (query: string) => ({ matches: phone, media: query }));
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      asked.push(url.replace(/^\/api\//, ''));
      return Response.json({ data: [], meta: { provider: 'local', total: 0 } });
    }),
  );
  queryClient.clear();
  await Promise.all([ensureShellData(user), loadDashboard(dashboardSearch({}), user)]);
  return asked;
}

describe("the first screen's early reads", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    queryClient.clear();
  });

  it('are, on a phone, exactly what the shell and the dashboard ask for', async () => {
    for (const user of [administrator, technician]) {
      const early = firstReadPaths('home', '', user, true);
      expect(early.length).toBeGreaterThan(2);
      expect([...early].sort()).toEqual((await appReads(user, true)).sort());
    }
  });

  it("are, on a desktop, what they ask for but the filters' options (two requests of one query)", async () => {
    const early = firstReadPaths('home', '', administrator, false);
    const asked = await appReads(administrator, false);
    expect(asked.filter((path) => !early.includes(path)).sort()).toEqual([
      'locations?per_page=100',
      'organizations?per_page=100',
    ]);
    expect(early.every((path) => asked.includes(path))).toBe(true);
  });

  it("are only the shell's on another page, on a dashboard with filters in its address, or without alarms", async () => {
    const shell = firstReadPaths('jobs', '', administrator, true);
    expect(shell).toEqual(['admin/storage', 'settings/email', 'controllers/unauthorised']);
    expect(firstReadPaths('home', '?status=active', administrator, true)).toEqual(shell);
    expect(firstReadPaths('home', '', noAlarms, true)).toEqual([]);
    expect(await appReads(noAlarms, true)).toEqual([]);
  });
});
