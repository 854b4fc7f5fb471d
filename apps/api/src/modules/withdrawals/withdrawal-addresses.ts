import { createHash, randomBytes } from 'node:crypto';
import {
  WalletType,
  WITHDRAWAL_ERRORS,
  type WithdrawalAddress,
  type WithdrawalAddressRequest,
} from '@vaultline/shared';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users, withdrawalAddresses } from '../../db/schema';
import { AppError, badRequest, conflict, notFound } from '../../lib/errors';
import type { ChainService } from '../chain/chain.service';
import { usesMemo, validAddress, validMemo } from '../exchange/networks';
import { pgError } from '../ledger/ledger.service';
import type { MailService } from '../mail/mail.service';
import type { AssetCatalog } from '../wallets/asset-catalog';
import { addressAddedMail } from './withdrawal-mail';
import {
  type AddressRow,
  liveAddresses,
  removeAddress,
  removeAddressByToken,
} from './withdrawals.repository';

export interface AddressBookDeps {
  db: Db;
  catalog: Pick<AssetCatalog, 'byId'>;
  chain: Pick<ChainService, 'watched' | 'testAddress' | 'refuseHotWallet'>;
  mail: Pick<MailService, 'stage'>;
  /** WITHDRAWAL_ADDRESS_HOLD_HOURS */
  holdHours: number;
  publicUrl: string;
}

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** The web page the e-mail's link opens; it posts the token to POST /api/Withdrawals/addresses/remove. */
export const removeLink = (publicUrl: string, token: string) =>
  `${publicUrl}/withdrawals/remove-address?token=${encodeURIComponent(token)}`;

/**
 * The user's address book (decision 0054): an address is checked for its asset's network (the guest
 * exchange's validators, exchange/networks.ts), usable after WITHDRAWAL_ADDRESS_HOLD_HOURS, and the
 * owner is e-mailed a link that removes it at once without signing in (a one-use token; only its
 * SHA-256 is stored).
 */
export function createAddressBook(deps: AddressBookDeps) {
  const { db } = deps;

  async function toView(a: AddressRow): Promise<WithdrawalAddress> {
    return {
      id: a.id,
      assetId: a.assetId,
      ticker: (await deps.catalog.byId(a.assetId))?.ticker ?? '',
      network: a.network,
      address: a.address,
      memo: a.memo,
      label: a.label,
      usableAt: a.usableAt.toISOString(),
      usable: a.usableAt.getTime() <= Date.now(),
      createdAt: a.createdAt.toISOString(),
    };
  }

  return {
    async list(userId: string): Promise<WithdrawalAddress[]> {
      return Promise.all((await liveAddresses(db, userId)).map(toView));
    },

    async add(userId: string, req: WithdrawalAddressRequest): Promise<WithdrawalAddress> {
      const asset = await deps.catalog.byId(req.assetId);
      if (!asset) throw notFound('Asset not found', 'ASSET_NOT_FOUND');
      const ticker = asset.ticker;
      if (asset.type !== WalletType.Crypto)
        throw badRequest(WITHDRAWAL_ERRORS.notCrypto, 'WITHDRAWAL_NOT_CRYPTO');
      // A BTC/LTC network watched on a test chain checks its own addresses (tb1…, rltc1…).
      if (!(deps.chain.testAddress(ticker, req.address) ?? validAddress(ticker, req.address)))
        throw badRequest(WITHDRAWAL_ERRORS.addressInvalid(ticker), 'WITHDRAWAL_ADDRESS_INVALID', undefined, {
          ticker,
        });
      deps.chain.refuseHotWallet(req.address);
      const memo = req.memo ? req.memo : null;
      if (usesMemo(ticker) && memo === null)
        throw badRequest(WITHDRAWAL_ERRORS.memoRequired(ticker), 'WITHDRAWAL_MEMO_REQUIRED', undefined, {
          ticker,
        });
      if (memo !== null && !validMemo(ticker, memo))
        throw badRequest(WITHDRAWAL_ERRORS.memoInvalid(ticker), 'WITHDRAWAL_MEMO_INVALID', undefined, {
          ticker,
        });
      const token = randomBytes(32).toString('base64url');
      const usableAt = new Date(Date.now() + deps.holdHours * 3_600_000);
      let deliver: () => void = () => undefined;
      let row: AddressRow | undefined;
      try {
        row = await db.transaction(async (tx) => {
          const [inserted] = await tx
            .insert(withdrawalAddresses)
            .values({
              userId,
              assetId: asset.id,
              network: deps.chain.watched(ticker)?.network ?? ticker,
              address: req.address,
              memo,
              label: req.label,
              usableAt,
              removeTokenHash: hashToken(token),
            })
            .returning();
          if (!inserted) throw new Error('address insert returned nothing');
          const [owner] = await tx
            .select({ email: users.email, language: users.preferedLanguage })
            .from(users)
            .where(eq(users.id, userId));
          if (owner) {
            const m = addressAddedMail(owner.language, {
              label: req.label,
              ticker,
              address: req.address,
              usableAt,
              removeLink: removeLink(deps.publicUrl, token),
            });
            deliver = await deps.mail.stage(tx, { to: owner.email, ...m });
          }
          return inserted;
        });
      } catch (err) {
        if (err instanceof AppError) throw err;
        if (pgError(err)?.code === '23505')
          throw conflict(WITHDRAWAL_ERRORS.addressExists, 'WITHDRAWAL_ADDRESS_EXISTS');
        throw err;
      }
      deliver();
      return toView(row);
    },

    async remove(userId: string, id: string): Promise<void> {
      if (!(await removeAddress(db, userId, id)))
        throw notFound(WITHDRAWAL_ERRORS.addressNotFound, 'WITHDRAWAL_ADDRESS_NOT_FOUND');
    },

    /** The e-mail's link (no sign-in): removes the address once; a used or unknown token is refused. */
    async removeByToken(token: string): Promise<void> {
      if (!(await removeAddressByToken(db, hashToken(token))))
        throw badRequest(WITHDRAWAL_ERRORS.removeLinkInvalid, 'WITHDRAWAL_REMOVE_LINK_INVALID');
    },
  };
}
