import type { ReactNode } from 'react';
import { type FakeCall, renderWithApi as render } from '../../../test/render-with-api';

export { type FakeCall, fakeApi, initTestI18n } from '../../../test/render-with-api';

/** A partner-area component at `path` (see the shared renderWithApi). */
export const renderWithApi = (ui: ReactNode, path = '/partner') => render(ui, path);

/** The calls other than reads, as "METHOD path" and body. */
export const changes = (calls: FakeCall[]) =>
  calls.filter((c) => c.method !== 'GET').map((c) => ({ call: `${c.method} ${c.url}`, body: c.body }));

export const PARTNER_ID = '22222222-2222-4222-8222-222222222222';
export const ACCOUNT = {
  userId: PARTNER_ID,
  maxCommission: '0.02',
  commission: '0.005',
  createdAt: '2026-11-01T10:00:00.000Z',
};
