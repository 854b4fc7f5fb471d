import { randomBytes } from 'node:crypto';
import { TransactionStatus } from '@vaultline/shared';
import type { Hex } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/test-app';
import { assetId, fund, makeUser } from '../../ledger/ledger.test-helpers';
import { requestWithdrawalDirect, withdrawalRow } from '../../withdrawals/withdrawals.test-helpers';
import {
  auditClean,
  createChainExchange,
  deposit,
  exchangeRow,
  payoutsOf,
  publicView,
  units,
  waitFor,
} from '../chain.test-helpers';
import {
  fundHot,
  type LtcPayoutChains,
  ltcPayoutApp,
  onChain,
  startLtcPayoutChains,
} from './ltc.payouts.test-helpers';

// Guest exchanges between LTC and ETH paid by the installation itself on both sides: LTC from its
// hot wallet's outputs on a real node (litecoind -regtest), ETH from its hot wallet on anvil.
let chains: LtcPayoutChains;
let t: TestApp;

beforeAll(async () => {
  chains = await startLtcPayoutChains();
  t = await ltcPayoutApp(chains);
  await fundHot(t, chains, ['20']);
}, 120_000);

afterAll(async () => {
  await t?.close();
  await chains?.stop();
});

const success = (id: string) =>
  waitFor(
    async () => {
      const v = await publicView(t, id);
      return v.status === TransactionStatus.success ? v : undefined;
    },
    30_000,
    'success',
  );

describe('guest exchanges between LTC and ETH', () => {
  it('ETH -> LTC ends in success with the exact LTC payout on chain', async () => {
    const guest = await chains.ltc.rpc.call<string>('getnewaddress', ['', 'bech32']);
    const e = await createChainExchange(t, 'ETH', 'LTC', '0.05', { destinationWalletAddress: guest });
    await deposit(chains.evm.eth, e.adminWalletAddress, '0.05');
    await chains.evm.eth.mine(3);
    await waitFor(
      async () => (await payoutsOf(t, e.id))[0]?.status === 'sent',
      30_000,
      'the LTC payout sent',
    );
    const txid = (await payoutsOf(t, e.id))[0]?.txHash as string;
    const [blockhash] = await chains.ltc.mine(2);
    const done = await success(e.id);
    const tx = await onChain(t, chains, txid, blockhash);
    expect(tx.outputs.filter((o) => o.address === guest).map((o) => o.amount)).toEqual([
      units(done.destinationAmount, 8),
    ]);
    expect(done.payoutHash).toBe(txid);
    expect(await auditClean(t)).toBe(true);
  }, 90_000);

  it('LTC -> ETH ends in success with the exact ETH payout on chain', async () => {
    const guest = `0x${randomBytes(20).toString('hex')}`;
    const e = await createChainExchange(t, 'LTC', 'ETH', '1.25', { destinationWalletAddress: guest });
    await chains.ltc.rpc.call('sendtoaddress', [e.adminWalletAddress, '1.25']);
    await chains.ltc.mine(2);
    await waitFor(
      async () => (await payoutsOf(t, e.id))[0]?.status === 'sent',
      30_000,
      'the ETH payout sent',
    );
    await chains.evm.eth.mine(3);
    const done = await success(e.id);
    expect(await chains.evm.eth.public.getBalance({ address: guest as Hex })).toBe(
      units(done.destinationAmount, 18),
    );
    expect((await exchangeRow(t, e.id)).amountReceived).toBe('1.25');
    expect(await auditClean(t)).toBe(true);
  }, 90_000);
});

describe('a user’s LTC withdrawal', () => {
  it('is paid from the hot wallet on chain, exactly, and completes once confirmed', async () => {
    const u = await makeUser(t, { twoFactor: true });
    await fund(t, u.id, 'LTC', '1');
    const to = await chains.ltc.rpc.call<string>('getnewaddress', ['', 'bech32']);
    const ltcId = await assetId(t, 'LTC');
    // The address book takes the test chain's own addresses (rltc1…), as exchanges do.
    const book = (address: string) =>
      t.request({
        method: 'POST',
        url: '/api/Withdrawals/addresses',
        token: u.token,
        payload: { assetId: ltcId, address, label: 'regtest wallet' },
      });
    const added = await book(to);
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json().content).toMatchObject({ ticker: 'LTC', address: to });
    const wrong = await book(to.replace(/.$/, (c) => (c === 'q' ? 'p' : 'q')));
    expect(wrong.json().error?.code).toBe('WITHDRAWAL_ADDRESS_INVALID');
    const w = await requestWithdrawalDirect(t, {
      userId: u.id,
      ticker: 'LTC',
      amount: '0.4',
      fee: '0.001',
      to,
    });
    await waitFor(async () => (await withdrawalRow(t, w.id)).status === 'sent', 30_000, 'sent');
    await chains.ltc.mine(2);
    await waitFor(async () => (await withdrawalRow(t, w.id)).status === 'completed', 30_000, 'completed');
    expect(await chains.ltc.rpc.call<string>('getreceivedbyaddress', [to, 1])).toBe('0.40000000');
    expect(await auditClean(t)).toBe(true);
  }, 90_000);
});
