import { callApi } from './helpers.ts';
import { type Caller, useSettingsFixture } from './settings.ts';

export let fx: ReturnType<typeof useSettingsFixture>;
export let tokens: ReturnType<typeof useSettingsFixture>['tokens'];
export let ids: ReturnType<typeof useSettingsFixture>['ids'];
export const call = async (
  who: Caller,
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  body?: unknown,
  locale?: string,
) => {
  const res = await callApi(fx.t.app, method, tokens[who], url, body, locale);
  return { status: res.status, body: res.body as unknown as Record<string, unknown> };
};

/** Monday 5 January 2026, 08:00 in Chicago. */
export const START = '2026-01-05T14:00:00.000Z';

/** The settings fixture's people and organizations for the on-call API. Registers the file's hooks. */
export function useOncallApi() {
  fx = useSettingsFixture();
  ({ tokens, ids } = fx);
}
