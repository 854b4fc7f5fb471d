import { describe, expect, it } from 'vitest';
import { chainTrackingSteps, trackingSteps } from './tracking-steps';

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

describe('tracking steps on a watched network (DECISIONS §10)', () => {
  const chain = (stage: Parameters<typeof chainTrackingSteps>[0]['stage'], over: object = {}) =>
    chainTrackingSteps({
      status: 2,
      stage,
      transactionHash: '0xabc',
      depositConfirmations: 1,
      requiredConfirmations: 3,
      refunded: false,
      ...over,
    }).map((s) => `${s.key}:${s.state}`);

  it('follows the deposit from seen to confirmations, sending and done', () => {
    expect(chain('awaitingDeposit', { transactionHash: null })).toEqual([
      'Created:done',
      'DepositSeen:current',
      'Confirming:todo',
      'Sending:todo',
      'Outcome:todo',
    ]);
    expect(chain('confirming')).toEqual([
      'Created:done',
      'DepositSeen:done',
      'Confirming:current',
      'Sending:todo',
      'Outcome:todo',
    ]);
    expect(chain('sending', { depositConfirmations: 3 })[3]).toBe('Sending:current');
    expect(chain('done', { status: 1 }).every((s) => s.endsWith(':done'))).toBe(true);
  });

  it('a review holds it where it got to; a refund or an expiry ends it failed', () => {
    expect(chain('review', { depositConfirmations: 3 })[3]).toBe('Sending:hold');
    expect(chain('review')[2]).toBe('Confirming:hold');
    expect(chain('failed', { status: 0, refunded: true })).toEqual([
      'Created:done',
      'DepositSeen:done',
      'Confirming:done',
      'Sending:done',
      'Outcome:failed',
    ]);
    expect(chain('failed', { status: 0, transactionHash: null })[1]).toBe('DepositSeen:skipped');
  });
});
