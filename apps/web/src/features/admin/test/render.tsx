import type { ReactNode } from 'react';
import { renderWithApi } from '../../../test/render-with-api';

export { type FakeCall, fakeApi, initTestI18n } from '../../../test/render-with-api';

/** A back-office component at `path` (see renderWithApi). */
export const renderAdmin = (ui: ReactNode, path = '/admin') => renderWithApi(ui, path);
