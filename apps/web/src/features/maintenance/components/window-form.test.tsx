import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import i18next from 'i18next';
import type { ReactNode } from 'react';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { enUS } from '@/locales/en-US.ts';
import { enUSApp } from '@/locales/en-US-app.ts';
import { WindowForm, type WindowPlace } from './window-form.tsx';

const i18n = i18next.createInstance();
beforeAll(async () => {
  await i18n.use(initReactI18next).init({
    resources: { 'en-US': { translation: { ...enUS, ...enUSApp } } },
    lng: 'en-US',
    interpolation: { escapeValue: false },
    returnObjects: true,
  });
});

afterEach(() => {
  vi.useRealTimers();
});

function wrap(node: ReactNode) {
  return (
    <QueryClientProvider client={new QueryClient()}>
      <I18nextProvider i18n={i18n}>{node}</I18nextProvider>
    </QueryClientProvider>
  );
}

describe('the maintenance window form', () => {
  it('keeps what the user typed when the page renders again a minute later', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-28T10:00:10Z'));
    // The page builds its place anew on every render (as the controller page does).
    const place = (): WindowPlace => ({
      locationId: 1,
      timeZone: 'America/Mexico_City',
      controller: { id: 17, racks: ['A'] },
    });
    const view = render(wrap(<WindowForm onClose={() => undefined} place={place()} editing={null} />));
    // The form is in a dialog, whose code loads when it opens.
    const from = (await screen.findByLabelText('From', { exact: true })) as HTMLInputElement;
    // The new window starts at the current minute in the store's zone.
    expect(from.value).toBe('2026-11-28T04:00');
    fireEvent.change(screen.getByLabelText('Reason'), { target: { value: 'Nightly case cleaning' } });
    fireEvent.click(screen.getByLabelText('Repeat weekly'));

    // The list beside it refetches every minute, and the page renders again.
    vi.setSystemTime(new Date('2026-11-28T10:01:30Z'));
    view.rerender(wrap(<WindowForm onClose={() => undefined} place={place()} editing={null} />));

    expect((screen.getByLabelText('Reason') as HTMLInputElement).value).toBe('Nightly case cleaning');
    expect((screen.getByLabelText('Repeat weekly') as HTMLInputElement).checked).toBe(true);
    expect((screen.getByLabelText('From', { exact: true }) as HTMLInputElement).value).toBe('2026-11-28T04:00');
  });
});
