import type { FastifyBaseLogger } from 'fastify';
import type { Db, Tx } from '../../db/client';
import { type ChainDepositRow, confirmedDeposits, countConfirmations, markFinal } from './chain.repository';
import {
  type AfterCommit,
  type DepositOwner,
  type DispatchedRow,
  dispatchToOwners,
  runAfterCommit,
} from './chain-owners';

/** Transfers marked final in one transaction at most (one commit for a block's worth). */
const FINAL_BATCH = 250;

/**
 * The scanner's last step (chain-scanner.ts): confirmations against the last block read, shown to
 * the owners; the transfers now final handed to their owners, credited once.
 */
export function createFinalizer(deps: {
  db: Db;
  network: string;
  log: FastifyBaseLogger;
  owners: { exchange: DepositOwner; user: DepositOwner };
}) {
  const { db, network, log } = deps;
  const afterError = (err: unknown) => log.error({ err, network }, `${network}: a follow-up failed`);
  const dispatch = <R extends DispatchedRow>(
    rows: R[],
    call: (owner: DepositOwner, rows: R[]) => Promise<AfterCommit[] | undefined>,
  ) => dispatchToOwners(deps.owners, rows, call);

  /** Confirmations against the last block read; final transfers to their owners, one transaction each. */
  async function confirm(scanned: number): Promise<number> {
    const changed = await countConfirmations(db, network, scanned);
    await dispatch(changed, async (owner, rows) => {
      await owner.progress(rows);
      return undefined;
    });
    const ready = await confirmedDeposits(db, network);
    for (let i = 0; i < ready.length; i += FINAL_BATCH) await finalize(ready.slice(i, i + FINAL_BATCH));
    return ready.length;
  }

  /**
   * Marks transfers final and hands each to its owner, a batch in one transaction (one commit for a
   * block's worth, not one each). If any of them fails, the batch is rolled back and each is tried
   * again in a transaction of its own, so one bad transfer does not hold the others back.
   */
  async function finalize(batch: ChainDepositRow[]): Promise<void> {
    const settle = async (tx: Tx, ds: ChainDepositRow[]) => {
      const rows = await markFinal(
        tx,
        ds.map((d) => ({ id: d.id, hash: d.blockHash ?? '' })),
      );
      return dispatch(rows, (owner, mine) => owner.final(tx, mine));
    };
    try {
      await runAfterCommit(await db.transaction((tx) => settle(tx, batch)), afterError);
    } catch (err) {
      if (batch.length === 1) throw err;
      for (const d of batch) {
        try {
          await runAfterCommit(await db.transaction((tx) => settle(tx, [d])), afterError);
        } catch (e) {
          log.error(
            { err: e, network, deposit: d.id },
            `${network}: transfer ${d.id} could not be settled; retried next pass`,
          );
        }
      }
    }
  }

  return confirm;
}
