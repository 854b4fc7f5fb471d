import {
  CURRENCIES,
  type CurrencyId,
  DEFAULT_CURRENCY,
  Decimal,
  toPlain,
  WALLET_ERRORS,
  type Wallet,
  type WalletTotals,
  WalletType,
  walletSchema,
} from '@vaultline/shared';
import { z } from 'zod';
import { ok } from '../../lib/envelope';
import { badRequest, notFound } from '../../lib/errors';
import type { LedgerService } from '../ledger/ledger.service';
import type { PriceService } from '../prices/prices.service';
import type { AssetCatalog } from './asset-catalog';
import type { AssetRow } from './wallets.repository';

export interface WalletsDeps {
  catalog: AssetCatalog;
  prices: PriceService;
  ledger: LedgerService;
  /** The user's chosen display currency (from the account service). */
  preferredCurrency: (userId: string) => Promise<string | undefined>;
  /** The watched network of an asset (chain module), if any, and a number that changes with them. */
  networkOf: (ticker: string) => string | undefined;
  networksVersion: () => number;
}

const walletListSchema = z.array(walletSchema);
const isCurrency = (v: string | undefined): v is CurrencyId => CURRENCIES.includes(v as CurrencyId);
const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function createWalletsService({
  catalog,
  prices,
  ledger,
  preferredCurrency,
  networkOf,
  networksVersion,
}: WalletsDeps) {
  // Guest answers per display currency, rebuilt only when prices or assets change.
  const guestCache = new Map<string, { key: string; wallets: Wallet[]; json: string }>();

  function toWallet(a: AssetRow, currency: string, amount: string): Wallet {
    const rate = prices.displayRate(a.ticker, currency);
    return {
      id: a.id,
      ticker: a.ticker,
      fullName: a.fullName,
      type: a.type,
      decimals: a.decimals,
      ...(a.adminWalletAddress ? { adminWalletAddress: a.adminWalletAddress } : {}),
      // On a watched network every exchange and user gets an address of its own.
      isAddressConfigured: a.adminWalletAddress !== null || networkOf(a.ticker) !== undefined,
      network: networkOf(a.ticker) ?? null,
      amount,
      held: '0',
      // "0" while no price is known for this asset (it never is in practice: static prices cover all).
      selectedCurrencyPair: {
        left: { ticker: a.ticker },
        right: { ticker: currency },
        rate: rate ? toPlain(rate) : '0',
      },
    };
  }

  async function guestEntry(currency: string) {
    const all = await catalog.all();
    const key = `${prices.version}:${catalog.version}:${networksVersion()}`;
    const hit = guestCache.get(currency);
    if (hit && hit.key === key) return hit;
    const wallets = all.map((a) => toWallet(a, currency, '0'));
    // Checked against the contract once per rebuild, so the cached JSON can skip the serializer.
    const entry = { key, wallets, json: JSON.stringify(ok(walletListSchema.parse(wallets))) };
    guestCache.set(currency, entry);
    return entry;
  }
  const guestWallets = async (currency: string) => (await guestEntry(currency)).wallets;

  // The prices and asset list a guest's wallet or price answer is built from, as one value.
  let built = { prices: -1, catalog: -1, networks: -1, version: '' };
  function publicVersion(): string | undefined {
    const c = catalog.freshVersion();
    if (c === undefined) return undefined;
    const n = networksVersion();
    if (built.prices !== prices.version || built.catalog !== c || built.networks !== n)
      built = { prices: prices.version, catalog: c, networks: n, version: `${prices.version}:${c}:${n}` };
    return built.version;
  }

  async function withAmounts(list: Wallet[], userId: string): Promise<Wallet[]> {
    const [balances, held] = await Promise.all([ledger.balances(userId), ledger.held(userId)]);
    return list.map((w) => {
      const b = balances.get(w.id);
      const h = held.get(w.id);
      return b || h ? { ...w, amount: b ? toPlain(b) : w.amount, held: h ? toPlain(h) : '0' } : w;
    });
  }

  async function totals(userId: string, currency: string): Promise<WalletTotals> {
    const [all, balances] = await Promise.all([catalog.all(), ledger.balances(userId)]);
    const display = all.find((a) => a.ticker === currency);
    const places = display?.decimals ?? 2;
    const sum = {
      fiat: new Decimal(0),
      crypto: new Decimal(0),
      fiatThen: new Decimal(0),
      cryptoThen: new Decimal(0),
    };
    let referenceTakenAt: Date | undefined;
    for (const a of all) {
      const bal = balances.get(a.id);
      if (!bal || bal.isZero()) continue;
      // Each asset is converted into the display currency first, then summed (DECISIONS §2).
      const nowRate = prices.displayRate(a.ticker, currency) ?? new Decimal(0);
      const thenL = prices.priceDayAgo(a.ticker) ?? prices.price(a.ticker);
      const thenR = prices.priceDayAgo(currency) ?? prices.price(currency);
      const thenRate = thenL && thenR ? thenL.usd.div(thenR.usd) : nowRate;
      if (thenL && (!referenceTakenAt || thenL.takenAt < referenceTakenAt)) referenceTakenAt = thenL.takenAt;
      if (a.type === WalletType.Fiat) {
        sum.fiat = sum.fiat.plus(bal.times(nowRate));
        sum.fiatThen = sum.fiatThen.plus(bal.times(thenRate));
      } else {
        sum.crypto = sum.crypto.plus(bal.times(nowRate));
        sum.cryptoThen = sum.cryptoThen.plus(bal.times(thenRate));
      }
    }
    const money = (d: Decimal) => ({
      amount: toPlain(d.toDecimalPlaces(places)),
      reference: { ticker: currency },
    });
    const pct = (nowV: Decimal, thenV: Decimal) =>
      thenV.isZero() ? null : toPlain(nowV.minus(thenV).div(thenV).times(100).toDecimalPlaces(2));
    const account = sum.fiat.plus(sum.crypto);
    const accountThen = sum.fiatThen.plus(sum.cryptoThen);
    return {
      accountTotal: money(account),
      fiatTotal: money(sum.fiat),
      cryptoTotal: money(sum.crypto),
      accountTotalYtd: money(accountThen),
      fiatTotalYtd: money(sum.fiatThen),
      cryptoTotalYtd: money(sum.cryptoThen),
      performanceYtd: money(account.minus(accountThen)),
      accountChangePercent: pct(account, accountThen),
      fiatChangePercent: pct(sum.fiat, sum.fiatThen),
      cryptoChangePercent: pct(sum.crypto, sum.cryptoThen),
      referenceTakenAt: referenceTakenAt?.toISOString() ?? null,
    };
  }

  return {
    catalog,
    /** Display currency: the signed-in user's preferedCurrency, else the X-Currency header, else USD. */
    async displayCurrency(userId: string | undefined, header: string | undefined): Promise<CurrencyId> {
      if (userId) {
        const c = await preferredCurrency(userId);
        if (isCurrency(c)) return c;
      }
      return isCurrency(header) ? header : DEFAULT_CURRENCY;
    },
    /**
     * The version of guests' wallet and price answers (prices and asset list) for the public read
     * cache; undefined while the asset list is past its time (its next read reloads it).
     */
    publicVersion,
    /** The guest list as the finished JSON envelope (the hot public read: no per-request work). */
    guestListJson: async (currency: string) => (await guestEntry(currency)).json,
    /** Every enabled asset; amounts are the user's balances when userId is given, else "0". */
    async list(currency: string, userId?: string): Promise<Wallet[]> {
      const base = await guestWallets(currency);
      return userId ? withAmounts(base, userId) : base;
    },
    async byId(id: string, currency: string, userId?: string): Promise<Wallet> {
      if (!id.trim() || !UUID_RE.test(id.trim()))
        throw badRequest(WALLET_ERRORS.invalidId, 'INVALID_WALLET_ID');
      const w = (await this.list(currency, userId)).find((x) => x.id === id.trim().toLowerCase());
      if (!w) throw notFound(WALLET_ERRORS.notFound, 'WALLET_NOT_FOUND');
      return w;
    },
    async byTicker(ticker: string, currency: string, userId?: string): Promise<Wallet> {
      const t = ticker.trim();
      if (!t) throw badRequest(WALLET_ERRORS.invalidTicker, 'INVALID_TICKER');
      const w = (await this.list(currency, userId)).find((x) => x.ticker.toUpperCase() === t.toUpperCase());
      if (!w) throw notFound(WALLET_ERRORS.tickerNotFound(t), 'WALLET_NOT_FOUND');
      return w;
    },
    totals,
  };
}
export type WalletsService = ReturnType<typeof createWalletsService>;
