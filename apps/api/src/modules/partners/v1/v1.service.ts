import {
  Decimal,
  PARTNER_API_ERRORS as E,
  EXCHANGE_ERRORS,
  PARTNER_QUOTE_MINUTES,
  toPlain,
  usesMemoTicker,
  type V1Coin,
  type V1Exchange,
  type V1FixedExchangeRequest,
  type V1Quote,
  type V1QuoteRequest,
  type V1VariableExchangeRequest,
  WalletType,
} from '@vaultline/shared';
import { AppError, badRequest, conflict, notFound } from '../../../lib/errors';
import { claimNetworkOf } from '../../chain/chain-networks';
import type { AssetRow } from '../../wallets/wallets.repository';
import type { PartnerDeps } from '../partner-deps';
import { findPartner } from '../partners.repository';
import type { KeyHold } from './idempotency';
import {
  claimQuote,
  findPartnerExchange,
  findQuote,
  insertQuote,
  type PartnerExchangeRow,
  partnerEmail,
  partnerExchangesPage,
  type QuoteRow,
} from './v1.repository';
import { toV1Exchange } from './v1-exchange-view';

type Deps = Pick<PartnerDeps, 'db' | 'exchange' | 'catalog' | 'prices' | 'system' | 'chain'>;

const encodeCursor = (c: string) => Buffer.from(c).toString('base64url');
const CURSOR = /^(\d{1,19})_([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/;
function decodeCursor(c: string): { micros: string; id: string } {
  const m = CURSOR.exec(Buffer.from(c, 'base64url').toString());
  if (!m?.[1] || !m[2]) throw badRequest('This page cursor is not valid.', 'INVALID_CURSOR');
  return { micros: m[1], id: m[2] };
}

/**
 * The partner API (version 1, DECISIONS §11): coins, fixed quotes and the partner's exchanges. It
 * creates guest exchanges through the exchange service, so they follow the normal flow (deposit
 * address, chain watching, back office, live feed); it only adds the partner's terms.
 */
export function createPartnerApi(deps: Deps) {
  const { db, catalog } = deps;

  async function crypto(tickerText: string): Promise<AssetRow> {
    const a = await catalog.byTicker(tickerText);
    if (!a || a.type !== WalletType.Crypto)
      throw badRequest(E.unknownAsset(tickerText), 'UNKNOWN_ASSET', undefined, { ticker: tickerText });
    return a;
  }

  async function tickers(): Promise<(id: string) => string> {
    const rows = await catalog.all();
    const byId = new Map(rows.map((a) => [a.id, a.ticker]));
    return (id) => byId.get(id) ?? '';
  }

  /** The smallest amount of an asset the minimum allows, rounded up to its decimals; null without a fresh price. */
  async function minimum(a: AssetRow): Promise<Decimal | null> {
    const min = new Decimal((await deps.system.publicSettings()).minimumTransactionAmount);
    try {
      return min.div(deps.prices.freshUsd(a.ticker)).toDecimalPlaces(a.decimals, Decimal.ROUND_UP);
    } catch {
      return null;
    }
  }

  async function view(partnerId: string, id: string): Promise<V1Exchange> {
    const row = await findPartnerExchange(db, partnerId, id);
    if (!row) throw notFound(E.exchangeNotFound, 'EXCHANGE_NOT_FOUND');
    return toV1Exchange(row, await tickers());
  }

  const endUser = async (
    partnerId: string,
    b: Pick<V1FixedExchangeRequest, 'destinationAddress' | 'destinationMemo' | 'refundAddress' | 'email'>,
  ) => ({
    input: {
      userEmail: b.email ?? '',
      destinationWalletAddress: b.destinationAddress,
      destinationMemo: b.destinationMemo ?? null,
      refundWalletAddress: b.refundAddress ?? null,
    },
    // Status e-mails go to the end user when given, else to the partner account (never shown).
    fallbackEmail: (await partnerEmail(db, partnerId)) ?? '',
  });

  return {
    /** Every crypto asset the guest exchange offers, with the minimum at today's price. */
    async coins(): Promise<V1Coin[]> {
      const rows = (await catalog.all()).filter((a) => a.type === WalletType.Crypto);
      return Promise.all(
        rows.map(async (a) => {
          const watched = deps.chain.watched(a.ticker);
          const min = await minimum(a);
          return {
            ticker: a.ticker,
            name: a.fullName,
            network: watched?.network ?? claimNetworkOf(a.ticker),
            decimals: a.decimals,
            memo: usesMemoTicker(a.ticker),
            deposit: watched !== undefined || a.adminWalletAddress !== null,
            min: min === null ? null : toPlain(min),
            max: null,
            variable: watched !== undefined,
          };
        }),
      );
    },

    /** A fixed quote for 15 minutes: the guest exchange's quote with the partner's commission. */
    async quote(partnerId: string, b: V1QuoteRequest): Promise<V1Quote> {
      const [src, dst] = [await crypto(b.from), await crypto(b.to)];
      if (src.id === dst.id) throw badRequest(EXCHANGE_ERRORS.sameAsset, 'SAME_ASSET');
      // The partner's rate now (it may change it; the quote keeps the one it was given at).
      const rate = (await findPartner(db, partnerId))?.commission ?? '0';
      const f = await deps.exchange.quote(src, dst, b.amount, null, toPlain(rate));
      const q = await insertQuote(db, {
        partnerId,
        sourceAssetId: src.id,
        destinationAssetId: dst.id,
        amount: f.amount,
        destinationAmount: f.destinationAmount,
        rate: f.rate,
        fee: f.fee,
        feeRate: f.feeRate,
        commission: f.commission,
        commissionRate: f.commissionRate ?? '0',
        usdValue: f.usdValue,
        expiresAt: new Date(Date.now() + PARTNER_QUOTE_MINUTES * 60_000),
      });
      return quoteView(q, src.ticker, dst.ticker);
    },

    /** A guest exchange from the partner's unexpired, unused quote (claimed in the insert's transaction). */
    async createFixed(partnerId: string, b: V1FixedExchangeRequest, hold?: KeyHold): Promise<V1Exchange> {
      const q = await findQuote(db, b.quoteId);
      if (!q || q.partnerId !== partnerId) throw notFound(E.quoteNotFound, 'QUOTE_NOT_FOUND');
      if (q.usedAt) throw conflict(E.quoteUsed, 'QUOTE_USED');
      if (q.expiresAt.getTime() <= Date.now()) throw new AppError(410, 'QUOTE_EXPIRED', E.quoteExpired);
      const u = await endUser(partnerId, b);
      const { id } = await deps.exchange.create(
        {
          ...u.input,
          sourceWalletId: q.sourceAssetId,
          destinationWalletId: q.destinationAssetId,
          amount: q.amount,
        },
        null,
        {
          partnerId,
          rateMode: 'fixed',
          fallbackEmail: u.fallbackEmail,
          ...(hold ? { begin: hold.begin, inserted: hold.bind } : {}),
          quote: {
            ...figuresOf(q),
            id: q.id,
            claim: async (tx) => {
              // Lost a race for it, or it expired meanwhile: nothing is stored.
              if (!(await claimQuote(tx, q.id, partnerId))) {
                const now = await findQuote(tx, q.id);
                if (now?.usedAt) throw conflict(E.quoteUsed, 'QUOTE_USED');
                throw new AppError(410, 'QUOTE_EXPIRED', E.quoteExpired);
              }
            },
          },
        },
      );
      return view(partnerId, id);
    },

    /** A variable-rate exchange: only from a watched network; priced when its deposit is final. */
    async createVariable(
      partnerId: string,
      b: V1VariableExchangeRequest,
      hold?: KeyHold,
    ): Promise<V1Exchange> {
      const [src, dst] = [await crypto(b.from), await crypto(b.to)];
      // Without an amount, the minimum is expected (less than that is refunded at settlement).
      // (No fresh price: minimum is null and freshUsd answers PRICES_STALE.)
      const amount = b.amount?.trim() || toPlain((await minimum(src)) ?? deps.prices.freshUsd(src.ticker));
      const u = await endUser(partnerId, b);
      const { id } = await deps.exchange.create(
        { ...u.input, sourceWalletId: src.id, destinationWalletId: dst.id, amount },
        null,
        {
          partnerId,
          rateMode: 'variable',
          fallbackEmail: u.fallbackEmail,
          ...(hold ? { begin: hold.begin, inserted: hold.bind } : {}),
        },
      );
      return view(partnerId, id);
    },

    get: view,

    /** The partner's exchanges, newest first, `limit` at a time; `nextCursor` opens the next page. */
    async list(partnerId: string, cursor: string | undefined, limit: number) {
      const rows = await partnerExchangesPage(
        db,
        partnerId,
        cursor ? decodeCursor(cursor) : undefined,
        limit,
      );
      const page = rows.slice(0, limit);
      const t = await tickers();
      const last = page[page.length - 1];
      return {
        items: page.map((r) => toV1Exchange(r.row as PartnerExchangeRow, t)),
        nextCursor: rows.length > limit && last ? encodeCursor(last.cursor) : null,
      };
    },
  };
}
export type PartnerApi = ReturnType<typeof createPartnerApi>;

const figuresOf = (q: QuoteRow) => ({
  amount: q.amount,
  destinationAmount: q.destinationAmount,
  rate: q.rate,
  fee: q.fee,
  feeRate: q.feeRate,
  usdValue: q.usdValue,
  commission: q.commission,
  commissionRate: q.commissionRate,
});

const quoteView = (q: QuoteRow, from: string, to: string): V1Quote => ({
  id: q.id,
  from,
  to,
  amount: toPlain(q.amount),
  destinationAmount: toPlain(q.destinationAmount),
  rate: toPlain(q.rate),
  fee: toPlain(q.fee),
  commission: toPlain(q.commission),
  commissionRate: toPlain(q.commissionRate),
  expiresAt: q.expiresAt.toISOString(),
});
