import { Decimal } from '@vaultline/shared';
import type { EntryInput, Leg } from '../ledger/ledger.service';
import type { ExchangeRow } from './exchange.repository';

type PartnerPart = 'partnerId' | 'partnerCommission';

/**
 * A partner's exchange (DECISIONS §11, decision 0032): its commission, taken from what the guest
 * would have received, leaves the house's destination account for the partner's earnings account
 * of that asset, in the settlement's own entry. No leg without a partner or a commission.
 */
function commissionLegs(r: Pick<ExchangeRow, PartnerPart | 'destinationAssetId'>): {
  commission: Decimal;
  legs: Leg[];
} {
  const commission = new Decimal(r.partnerCommission ?? 0);
  if (!r.partnerId || commission.lte(0)) return { commission: new Decimal(0), legs: [] };
  const owner = { kind: 'partner', userId: r.partnerId } as const;
  return { commission, legs: [{ owner, assetId: r.destinationAssetId, amount: commission }] };
}

/**
 * The ledger entry of a successful guest exchange (decision 0016): the guest's deposit comes from
 * outside into the house's source account; the amount sent to the guest leaves the house's
 * destination account for the outside, and the fee goes to the fee account. Zero legs are left out.
 */
export function settlementEntry(
  r: Pick<
    ExchangeRow,
    'id' | 'amount' | 'destinationAmount' | 'fee' | 'sourceAssetId' | 'destinationAssetId' | PartnerPart
  >,
): EntryInput {
  const amount = new Decimal(r.amount);
  const receive = new Decimal(r.destinationAmount);
  const fee = new Decimal(r.fee);
  const src = r.sourceAssetId;
  const dst = r.destinationAssetId;
  const partner = commissionLegs(r);
  const legs: Leg[] = [
    { owner: { kind: 'external' }, assetId: src, amount: amount.neg() },
    { owner: { kind: 'house' }, assetId: src, amount },
    { owner: { kind: 'house' }, assetId: dst, amount: receive.plus(fee).plus(partner.commission).neg() },
    { owner: { kind: 'external' }, assetId: dst, amount: receive },
    { owner: { kind: 'fee' }, assetId: dst, amount: fee },
    ...partner.legs,
  ];
  return {
    kind: 'guest_exchange',
    reference: r.id,
    memo: 'guest exchange',
    legs: legs.filter((l) => !l.amount.isZero()),
  };
}

/**
 * A refund in the ledger: what the guest sent came in from outside to the house's source account,
 * and the same amount went back out. Two entries (kinds differ, same reference), so the journal shows
 * both movements; each posts at most once.
 */
export function refundEntries(
  r: Pick<ExchangeRow, 'id' | 'sourceAssetId'>,
  received: Decimal,
): [EntryInput, EntryInput] {
  const src = r.sourceAssetId;
  return [
    {
      kind: 'guest_exchange_received',
      reference: r.id,
      memo: 'guest exchange: deposit received',
      legs: [
        { owner: { kind: 'external' }, assetId: src, amount: received.neg() },
        { owner: { kind: 'house' }, assetId: src, amount: received },
      ],
    },
    {
      kind: 'guest_exchange_refund',
      reference: r.id,
      memo: 'guest exchange: refunded',
      legs: [
        { owner: { kind: 'house' }, assetId: src, amount: received.neg() },
        { owner: { kind: 'external' }, assetId: src, amount: received },
      ],
    },
  ];
}

/**
 * Watched networks (DECISIONS §10): each transfer that reaches its confirmations is booked on its
 * own as it arrives (`chain_deposit`: from outside into the house's account of what was sent), so a
 * settlement books only the destination side, and a refund only the coins going back out.
 */
export function chainDepositEntry(d: { id: string; assetId: string; amount: string }): EntryInput {
  const amount = new Decimal(d.amount);
  return {
    kind: 'chain_deposit',
    reference: d.id,
    memo: 'deposit seen on chain',
    legs: [
      { owner: { kind: 'external' }, assetId: d.assetId, amount: amount.neg() },
      { owner: { kind: 'house' }, assetId: d.assetId, amount },
    ],
  };
}

/** A watched exchange's success: the payout leaves the house for the guest, the fee to the fee account. */
export function chainSettlementEntry(
  r: Pick<ExchangeRow, 'id' | 'destinationAmount' | 'fee' | 'destinationAssetId' | PartnerPart>,
): EntryInput {
  const receive = new Decimal(r.destinationAmount);
  const fee = new Decimal(r.fee);
  const dst = r.destinationAssetId;
  const partner = commissionLegs(r);
  const legs: Leg[] = [
    { owner: { kind: 'house' }, assetId: dst, amount: receive.plus(fee).plus(partner.commission).neg() },
    { owner: { kind: 'external' }, assetId: dst, amount: receive },
    { owner: { kind: 'fee' }, assetId: dst, amount: fee },
    ...partner.legs,
  ];
  return {
    kind: 'guest_exchange',
    reference: r.id,
    memo: 'guest exchange',
    legs: legs.filter((l) => !l.amount.isZero()),
  };
}

/** Coins the house sends back (a watched exchange's refund, or a transfer that came after it). */
export function chainRefundEntry(
  kind: string,
  reference: string,
  assetId: string,
  amount: Decimal,
): EntryInput {
  return {
    kind,
    reference,
    memo: 'refunded on chain',
    legs: [
      { owner: { kind: 'house' }, assetId, amount: amount.neg() },
      { owner: { kind: 'external' }, assetId, amount },
    ],
  };
}
