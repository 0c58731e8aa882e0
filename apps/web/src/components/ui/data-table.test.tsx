import { render, screen } from '@testing-library/react';
import type { i18n as I18n } from 'i18next';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { catalogsI18n } from '@/test/catalogs.ts';
import type { Column, DataTable as Table } from './data-table.tsx';

let i18n: I18n;
let DataTable: typeof Table;
/** The page's first idle moment, which the test chooses (the table's module asks for it when loaded). */
let idle: (() => void) | undefined;
beforeAll(async () => {
  vi.stubGlobal('requestIdleCallback', (fn: () => void) => {
    idle = fn;
    return 1;
  });
  vi.stubGlobal('cancelIdleCallback', () => undefined);
  ({ DataTable } = await import('./data-table.tsx'));
  i18n = await catalogsI18n();
});

afterEach(() => {
  vi.unstubAllGlobals();
});

/** A desktop window for `usePhone`, and the table's overflow watch (jsdom has neither API). */
function desktop() {
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
}

function numbers() {
  const drawn: number[] = [];
  const columns: Column<number>[] = [
    {
      key: 'n',
      header: 'Number',
      rowHeader: true,
      cell: (n) => {
        drawn.push(n);
        return String(n);
      },
    },
  ];
  const table = (rows: number[]) => (
    <I18nextProvider i18n={i18n}>
      <DataTable caption="Numbers" columns={columns} rows={rows} rowKey={(n) => n} />
    </I18nextProvider>
  );
  return { drawn, table };
}

describe('DataTable', () => {
  it('on the first screen draws a screenful of rows first and the rest in a second render; later rows all at once', () => {
    desktop();
    const { drawn, table } = numbers();
    const first = Array.from({ length: 25 }, (_, i) => i + 1);
    const view = render(table(first));
    // The first render draws rows 1–8 only, the deferred one all 25 (the table's overflow check may
    // render it once more).
    expect(drawn.slice(0, 9)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 1]);
    expect(drawn.slice(8, 33)).toEqual(first);
    expect(screen.getAllByRole('rowheader')).toHaveLength(25);

    // A refetch, once the list was drawn in full: every row in the first render, none cut to 8.
    drawn.length = 0;
    const next = first.map((n) => n + 100);
    view.rerender(table(next));
    expect(drawn.slice(0, 25)).toEqual(next);
    expect(screen.getAllByRole('rowheader')).toHaveLength(25);
  });
});

describe('DataTable after the first screen', () => {
  it('draws every row in its first render, so going back to a list can restore its scroll', () => {
    desktop();
    idle?.();
    const { drawn, table } = numbers();
    const rows = Array.from({ length: 25 }, (_, i) => i + 1);
    render(table(rows));
    expect(drawn.slice(0, 25)).toEqual(rows);
  });
});

describe('DataTable in a region of its name', () => {
  it('names its scroller a group there, so the region is not doubled; elsewhere the scroller is the region', () => {
    desktop();
    const columns: Column<number>[] = [{ key: 'n', header: 'Number', cell: (n) => String(n) }];
    const view = render(
      <I18nextProvider i18n={i18n}>
        <section aria-label="Numbers">
          <DataTable inRegion caption="Numbers" columns={columns} rows={[1, 2]} rowKey={(n) => n} />
        </section>
      </I18nextProvider>,
    );
    expect(screen.getAllByRole('region', { name: 'Numbers' })).toHaveLength(1);
    expect(screen.getByRole('group', { name: 'Numbers' })).toBeTruthy();
    expect(screen.getByRole('table', { name: 'Numbers' })).toBeTruthy();
    view.unmount();

    render(
      <I18nextProvider i18n={i18n}>
        <DataTable caption="Numbers" columns={columns} rows={[1, 2]} rowKey={(n) => n} />
      </I18nextProvider>,
    );
    expect(screen.getAllByRole('region', { name: 'Numbers' })).toHaveLength(1);
    expect(screen.queryByRole('group', { name: 'Numbers' })).toBeNull();
  });
});

describe('DataTable over a query', () => {
  it('shows the query loading, then its failure with a retry that asks again, then the rows', async () => {
    desktop();
    const columns: Column<number>[] = [{ key: 'n', header: 'Number', cell: (n) => String(n) }];
    const refetch = vi.fn();
    const table = (query: { isPending: boolean; isError: boolean }, rows: number[]) => (
      <I18nextProvider i18n={i18n}>
        <DataTable
          caption="Numbers"
          columns={columns}
          rows={rows}
          rowKey={(n) => n}
          query={{ ...query, refetch }}
          loadingLabel="Loading numbers…"
          errorLabel="The numbers could not be loaded."
        />
      </I18nextProvider>
    );
    const view = render(table({ isPending: true, isError: false }, []));
    expect(screen.getByText('Loading numbers…')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();

    view.rerender(table({ isPending: false, isError: true }, []));
    expect(screen.getByRole('alert').textContent).toContain('The numbers could not be loaded.');
    screen.getByRole('button', { name: i18n.t('table.retry') }).click();
    expect(refetch).toHaveBeenCalledTimes(1);

    view.rerender(table({ isPending: false, isError: false }, [7]));
    expect(screen.getByRole('table', { name: 'Numbers' })).toBeTruthy();
    expect(screen.getByRole('cell', { name: '7' })).toBeTruthy();
  });
});
