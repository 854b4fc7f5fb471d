import { Decimal } from '@vaultline/shared';
import type { EntryInput, Leg } from '../ledger/ledger.service';
import type { ExchangeRow } from './exchange.repository';

/**
 * The ledger entry of a successful guest exchange (decision 0016): the guest's deposit comes from
 * outside into the house's source account; the amount sent to the guest leaves the house's
 * destination account for the outside, and the fee goes to the fee account. Zero legs are left out.
 */
export function settlementEntry(
  r: Pick<
    ExchangeRow,
    'id' | 'amount' | 'destinationAmount' | 'fee' | 'sourceAssetId' | 'destinationAssetId'
  >,
): EntryInput {
  const amount = new Decimal(r.amount);
  const receive = new Decimal(r.destinationAmount);
  const fee = new Decimal(r.fee);
  const src = r.sourceAssetId;
  const dst = r.destinationAssetId;
  const legs: Leg[] = [
    { owner: { kind: 'external' }, assetId: src, amount: amount.neg() },
    { owner: { kind: 'house' }, assetId: src, amount },
    { owner: { kind: 'house' }, assetId: dst, amount: receive.plus(fee).neg() },
    { owner: { kind: 'external' }, assetId: dst, amount: receive },
    { owner: { kind: 'fee' }, assetId: dst, amount: fee },
  ];
  return {
    kind: 'guest_exchange',
    reference: r.id,
    memo: 'guest exchange',
    legs: legs.filter((l) => !l.amount.isZero()),
  };
}
