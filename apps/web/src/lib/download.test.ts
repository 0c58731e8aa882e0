import { afterEach, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { ImportRejected, importRows } from '@/features/inventory/api/inventory.ts';
import { downloadBackup } from '@/features/ops/api/backups.ts';
import { downloadReport } from '@/features/reports/api/reports.ts';
import { ApiError, setUnauthorizedHandler } from './api-client.ts';
import { downloadFile } from './download.ts';
import { tokens } from './tokens.ts';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const expired = () => json(401, { error: { code: 'unauthenticated', message: 'Sign in again.' } });

/** Downloads and uploads go through the one API client: its token, its language, its 401. */
describe('files through the API client', () => {
  let signedOut: number;
  let fetchMock: ReturnType<typeof vi.fn>;
  beforeEach(() => {
    signedOut = 0;
    setUnauthorizedHandler(() => {
      signedOut += 1;
    });
    tokens.store('stored-token');
    fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    setUnauthorizedHandler(() => {});
    tokens.clear();
  });

  it('signs out on a 401 from a backup, an export or a PDF download, and throws the server’s message', async () => {
    for (const download of [
      () => downloadBackup('rcm-20260101T000000000Z.tar.gz'),
      () => downloadFile('purchase-orders/1/pdf', 'PO-1.pdf'),
      () => downloadReport('haccp', { from: '2026-01-01', to: '2026-01-31' }, 'pdf', () => {}),
    ]) {
      fetchMock.mockResolvedValueOnce(expired());
      await expect(download()).rejects.toMatchObject({
        status: 401,
        code: 'unauthenticated',
        message: 'Sign in again.',
      });
    }
    expect(signedOut).toBe(3);
    const [url, init] = fetchMock.mock.calls[0] as [string, { headers: Record<string, string> }];
    expect(url).toBe('/api/admin/backups/rcm-20260101T000000000Z.tar.gz');
    expect(init.headers).toMatchObject({ Authorization: 'Bearer stored-token', 'X-Locale': 'en-US' });
  });

  it('signs out on a 401 from an inventory import, and still reports a rejected file’s rows', async () => {
    fetchMock.mockResolvedValueOnce(expired());
    await expect(importRows([{ part_number: 'A' }])).rejects.toBeInstanceOf(ApiError);
    expect(signedOut).toBe(1);

    const rows = [{ row: 2, field: 'quantity', message: 'Must be a number.' }];
    fetchMock.mockResolvedValueOnce(
      json(422, { error: { code: 'validation_failed', message: 'x', details: { rows } } }),
    );
    const rejected = await importRows([{ part_number: 'A' }]).catch((err: unknown) => err);
    expect(rejected).toBeInstanceOf(ImportRejected);
    expect((rejected as ImportRejected).rows).toEqual(rows);
    expect(signedOut).toBe(1);
  });

  it('saves a file the server sends under the name given', async () => {
    const saved: string[] = [];
    // jsdom has no object URLs.
    const createObjectURL = vi.fn(() => 'blob:file');
    URL.createObjectURL = createObjectURL;
    URL.revokeObjectURL = () => {};
    onTestFinished(() => {
      Reflect.deleteProperty(URL, 'createObjectURL');
      Reflect.deleteProperty(URL, 'revokeObjectURL');
    });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    fetchMock.mockResolvedValueOnce(new Response('%PDF-1.7', { status: 200 }));
    await downloadFile('purchase-orders/1/pdf', 'PO-1.pdf');
    expect(saved).toEqual(['PO-1.pdf']);
    expect(await (createObjectURL.mock.calls[0] as unknown as [Blob])[0].text()).toBe('%PDF-1.7');
    expect(signedOut).toBe(0);
    click.mockRestore();
  });
});
