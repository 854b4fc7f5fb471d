import { describe, expect, it } from 'vitest';
import { trackingSteps } from './tracking-steps';

const states = (status: number, hash: string | null = null) =>
  trackingSteps({ status, transactionHash: hash }).map((s) => `${s.key}:${s.state}`);

describe('tracking steps (DECISIONS §4 path)', () => {
  it('awaiting verification: created, then waiting for the deposit', () => {
    expect(states(3)).toEqual(['Created:done', 'DepositSent:current', 'Checking:todo', 'Outcome:todo']);
  });

  it('pending: the deposit is being checked', () => {
    expect(states(2, 'abc')).toEqual([
      'Created:done',
      'DepositSent:done',
      'Checking:current',
      'Outcome:todo',
    ]);
  });

  it('not processed is an admin hold at the checking step', () => {
    expect(states(-1, 'abc')).toEqual(['Created:done', 'DepositSent:done', 'Checking:hold', 'Outcome:todo']);
    expect(states(-1)).toEqual(['Created:done', 'DepositSent:skipped', 'Checking:hold', 'Outcome:todo']);
  });

  it('success completes every step', () => {
    expect(states(1, 'abc')).toEqual(['Created:done', 'DepositSent:done', 'Checking:done', 'Outcome:done']);
  });

  it('failed after a deposit, or failed without one (expired): the middle steps never happened', () => {
    expect(states(0, 'abc')).toEqual(['Created:done', 'DepositSent:done', 'Checking:done', 'Outcome:failed']);
    expect(states(0)).toEqual(['Created:done', 'DepositSent:skipped', 'Checking:skipped', 'Outcome:failed']);
  });

  it('an unknown status shows only the creation', () => {
    expect(states(42)).toEqual(['Created:done', 'DepositSent:todo', 'Checking:todo', 'Outcome:todo']);
  });
});
