import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import type { AuditTrail } from '../audit/audit.service';
import type { ChainService } from '../chain/chain.service';
import type { FeedService } from '../feed/feed.service';
import type { LedgerService } from '../ledger/ledger.service';
import type { MailService } from '../mail/mail.service';
import type { PriceService } from '../prices/prices.service';
import type { SystemService } from '../system/system.service';
import type { AssetCatalog } from '../wallets/asset-catalog';
import type { ExchangeRow, ProgressRow } from './exchange.repository';

// What the exchange module's parts are given. Kept apart from the files that build them, so the
// split files (exchange-create, -payouts, -resolve) import their dependencies' shape from here and
// not from the file that imports them.

/** What the exchange service is built from (services.ts). */
export interface ExchangeDeps {
  db: Db;
  catalog: AssetCatalog;
  prices: Pick<PriceService, 'freshUsd'>;
  system: Pick<SystemService, 'publicSettings'>;
  mail: Pick<MailService, 'send' | 'sendMany'>;
  /** A successful exchange posts its entry here (house accounts against the outside world). */
  ledger: Pick<LedgerService, 'post' | 'postMany'>;
  /** The live feed: a status change goes to that exchange's watchers (and the admins) only. */
  feed: Pick<FeedService, 'publish'>;
  /** Every admin decision writes its audit row in the decision's transaction. */
  audit: AuditTrail;
  publicUrl: string;
  expiryMinutes: number;
  log: FastifyBaseLogger;
  /** Watched networks (DECISIONS §10): own deposit addresses, claims, payouts. */
  chain: ExchangeChainPort;
  /** Demo mode: the local chain can send a test deposit. */
  demo: boolean;
}

/** The chain service as the exchange module uses it. */
export type ExchangeChainPort = Pick<
  ChainService,
  | 'watched'
  | 'requestPayout'
  | 'exchangeDeposits'
  | 'depositsOfExchanges'
  | 'holdDeposits'
  | 'setDeposit'
  | 'reserveAddress'
  | 'bindExchange'
  | 'claimHash'
  | 'explorerUrl'
  | 'livePayout'
  | 'lockDeposit'
  | 'testDeposit'
  | 'testAddress'
  | 'refuseHotWallet'
>;

export interface ExchangeChainDeps {
  db: Db;
  catalog: Pick<AssetCatalog, 'byId'>;
  prices: Pick<PriceService, 'freshUsd'>;
  system: Pick<SystemService, 'publicSettings'>;
  ledger: Pick<LedgerService, 'post' | 'postMany'>;
  chain: ExchangeChainPort;
  mail: Pick<MailService, 'send'>;
  link: (id: string) => string;
  expiryMinutes: number;
  /** Feed and status e-mail of a committed status change (and of several at once). */
  statusChanged: (r: ExchangeRow) => Promise<void>;
  statusChangedMany: (rows: ExchangeRow[]) => Promise<void>;
  /** Feed only: the confirmations or the payout moved, the status did not. */
  pushProgress: (r: ProgressRow) => void;
}
