import type { Webhook } from '@rcm/shared/webhooks';
import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderAs, stubApi } from '@/test/render.tsx';
import { testUser } from '@/test/users.ts';
import { WebhooksPage } from './webhooks-page.tsx';

const HOOK: Webhook = {
  id: 3,
  name: 'Night shift Slack',
  url: 'https://hooks.slack.test/x',
  kind: 'slack',
  events: ['alarm.raised'],
  organization_id: 1,
  organization: { id: 1, name: 'Acme Foods' },
  enabled: true,
  locale: 'en-US',
  last_delivery: null,
  created_at: '2026-01-05T10:00:00Z',
  updated_at: '2026-01-05T10:00:00Z',
};
const list = { body: { data: [HOOK], meta: { page: 1, per_page: 25, total: 1, last_page: 1 } } };

describe('the webhooks page, by what the user may do', () => {
  beforeEach(() => {
    // The table (DataTable) asks the viewport's width and watches its first rows; a wide one here.
    vi.stubGlobal(
      'ResizeObserver',
      class {
        observe() {}
        disconnect() {}
      },
    );
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: false,
      media: query,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
    }));
  });

  it('offers "Add webhook" to a user who may change settings', async () => {
    const editor = testUser({ permissions: ['settings_view', 'settings_update'] });
    stubApi(editor, { 'GET settings/webhooks?page=1': list });
    await renderAs(editor, <WebhooksPage />, { path: '/settings/webhooks' });
    expect(await screen.findByText('Night shift Slack')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Add webhook' })).toBeTruthy();
    expect(screen.queryByText('You can view these settings but not change them.')).toBeNull();
  });

  it('shows a viewer the list read-only, without "Add webhook"', async () => {
    const viewer = testUser({ permissions: ['settings_view'] });
    stubApi(viewer, { 'GET settings/webhooks?page=1': list });
    await renderAs(viewer, <WebhooksPage />, { path: '/settings/webhooks' });
    expect(await screen.findByText('Night shift Slack')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Add webhook' })).toBeNull();
    expect(screen.getByText('You can view these settings but not change them.')).toBeTruthy();
  });
});
