import { describe, expect, it } from 'vitest';
import { statusView } from './status';

describe('statusView', () => {
  it('follows the status page of spec-1 §4', () => {
    expect(statusView(-1)).toMatchObject({ key: 'NotProcessed', percent: 25, phase: 'InProgress' });
    expect(statusView(2)).toMatchObject({ key: 'Pending', percent: 50, phase: 'InProgress' });
    expect(statusView(1)).toMatchObject({ key: 'Success', percent: 100, phase: 'Done' });
    expect(statusView(0)).toMatchObject({ key: 'Failed', percent: null, phase: 'Failed' });
    expect(statusView(3)).toMatchObject({ key: 'AwaitingVerification' });
  });
  it('shows Unknown for anything else', () => {
    expect(statusView(7).key).toBe('Unknown');
    expect(statusView(undefined).key).toBe('Unknown');
  });
});
