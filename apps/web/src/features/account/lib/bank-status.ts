import { BankAccountStatus } from '@vaultline/shared';

export type BadgeTone = 'grey' | 'green' | 'red';

/**
 * The IBAN's review status as spec-2 §3 names it (-1 not processed, 1 approved, 0 refused) and its
 * badge colour (§4: approved green, refused red, not processed grey). An unknown value reads as not
 * processed: it is never shown as approved by mistake.
 */
export function bankStatusBadge(status: number): { key: string; tone: BadgeTone } {
  switch (status) {
    case BankAccountStatus.approved:
      return { key: 'MyAccount.Iban.Status.Approved', tone: 'green' };
    case BankAccountStatus.refused:
      return { key: 'MyAccount.Iban.Status.Refused', tone: 'red' };
    default:
      return { key: 'MyAccount.Iban.Status.NotProcessed', tone: 'grey' };
  }
}
