import { type AdminExchange, Decimal, type PublicExchange, toPlain } from '@vaultline/shared';
import type { AssetCatalog } from '../wallets/asset-catalog';
import type { AssetRow } from '../wallets/wallets.repository';
import type { ExchangeRow } from './exchange.repository';

/** What a guest sees of an exchange: never the e-mail (the response schema has no field for it). */
export async function toPublicExchange(
  r: ExchangeRow,
  catalog: Pick<AssetCatalog, 'byId'>,
  expiryMinutes: number,
): Promise<PublicExchange> {
  const [src, dst] = await Promise.all([catalog.byId(r.sourceAssetId), catalog.byId(r.destinationAssetId)]);
  const side = (a: AssetRow | undefined, id: string) => ({
    id,
    ticker: a?.ticker ?? '',
    type: a?.type ?? 2,
  });
  const left = side(src, r.sourceAssetId);
  const right = side(dst, r.destinationAssetId);
  const expiresAt = new Date(r.creationDate.getTime() + expiryMinutes * 60_000);
  return {
    id: r.id,
    exchangeId: r.id,
    status: r.status,
    amount: toPlain(r.amount),
    destinationAmount: toPlain(r.destinationAmount),
    exchangeRate: toPlain(r.rate),
    fee: toPlain(r.fee),
    feeRate: toPlain(r.feeRate),
    usdValue: toPlain(r.usdValue),
    creationDate: r.creationDate.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
    expiresAt: expiresAt.toISOString(),
    transactionHash: r.transactionHash,
    senderWalletAddress: r.senderAddress,
    destinationWalletAddress: r.destinationAddress,
    destinationMemo: r.destinationMemo,
    refundWalletAddress: r.refundAddress,
    adminWalletAddress: r.depositAddress,
    adminNotes: r.adminNotes,
    pair: { left, right, rate: toPlain(r.rate) },
    sourceWallet: left,
    destinationWallet: right,
    sourceWalletTicker: left.ticker,
    destinationWalletTicker: right.ticker,
  };
}

const plainOrNull = (v: string | null) => (v === null ? null : toPlain(v));

/** What an admin sees: the public view, the e-mail, and the money actually received and sent back. */
export async function toAdminExchange(
  r: ExchangeRow,
  catalog: Pick<AssetCatalog, 'byId'>,
  expiryMinutes: number,
): Promise<AdminExchange> {
  const differs = r.amountReceived !== null && !new Decimal(r.amountReceived).eq(r.amount);
  return {
    ...(await toPublicExchange(r, catalog, expiryMinutes)),
    userEmail: r.email,
    amountReceived: plainOrNull(r.amountReceived),
    difference: differs ? toPlain(new Decimal(r.amountReceived as string).minus(r.amount)) : null,
    quotedAmount: plainOrNull(r.quotedAmount),
    quotedDestinationAmount: plainOrNull(r.quotedDestinationAmount),
    requotedAt: r.requotedAt?.toISOString() ?? null,
    refundedAt: r.refundedAt?.toISOString() ?? null,
    payoutHash: r.payoutHash,
  };
}
