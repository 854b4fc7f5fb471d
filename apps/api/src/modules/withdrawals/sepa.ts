import { Decimal } from '@vaultline/shared';
import SEPA from 'sepa';

/** The house's account the transfers leave from (SEPA_DEBTOR_NAME, _IBAN, _BIC). */
export interface SepaDebtor {
  name: string;
  iban: string;
  bic: string;
}

/** One transfer of a batch: a withdrawal to the user's approved IBAN. */
export interface SepaTransfer {
  withdrawalId: string;
  creditorName: string;
  iban: string;
  /** EUR, at most two decimals (the batch takes no other). */
  amount: string;
}

/** A name as a bank's file takes it: at most 70 characters, no control characters. */
const bankText = (s: string, max: number) =>
  s
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it removes
    .replace(/[\u0000-\u001f\u007f]/g, ' ')
    .trim()
    .slice(0, max);

/**
 * A SEPA credit-transfer file (ISO 20022 pain.001.001.03, made by the `sepa` library): one payment
 * block from the debtor, one transfer per withdrawal, its end-to-end id the withdrawal's id (without
 * dashes: 32 characters of the 35 allowed), so the bank's statement names the withdrawal it paid.
 * `messageId` is the file's MsgId (at most 24 characters: the library prefixes each InstrId with it).
 */
export function buildSepaFile(
  debtor: SepaDebtor,
  messageId: string,
  transfers: readonly SepaTransfer[],
  at: Date = new Date(),
): string {
  const doc = new SEPA.Document('pain.001.001.03');
  doc.grpHdr.id = messageId;
  doc.grpHdr.created = at;
  doc.grpHdr.initiatorName = bankText(debtor.name, 70);
  const info = doc.createPaymentInfo();
  info.requestedExecutionDate = at;
  info.debtorName = bankText(debtor.name, 70);
  info.debtorIBAN = debtor.iban;
  info.debtorBIC = debtor.bic;
  doc.addPaymentInfo(info);
  for (const t of transfers) {
    const amount = new Decimal(t.amount);
    if (!amount.eq(amount.toDecimalPlaces(2)))
      throw new Error(`withdrawal ${t.withdrawalId}: not a EUR amount`);
    const tx = info.createTransaction();
    tx.creditorName = bankText(t.creditorName, 70);
    tx.creditorIBAN = t.iban;
    // Exact: a decimal of at most two places is the same number as a double printed with toFixed(2).
    tx.amount = Number(amount.toFixed(2));
    tx.remittanceInfo = 'Vaultline withdrawal';
    tx.end2endId = t.withdrawalId.replaceAll('-', '');
    info.addTransaction(tx);
  }
  return doc.toString();
}
