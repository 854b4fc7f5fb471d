import { randomBytes } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { createExchange, notice, openAdmin, screens, visitor } from './admin.helpers';
import { expectNoSeriousA11yViolations } from './support';

// The back office's exchange decisions as the demo admin (spec-2 §2, DECISIONS §8): approve and
// reject from the pending list, the lists moving the rows, and a received amount that differs
// from the quote requoted instead of approved.

const STAMP = Date.now().toString(36);
// A hash of its own per run: one hash can be claimed by one exchange or deposit only (DECISIONS §10).
const BTC_HASH = randomBytes(32).toString('hex');
let approveId = '';
let rejectId = '';

test.describe.configure({ mode: 'serial' });

test('approve one pending exchange and reject another with notes; the lists move the rows', async ({
  page,
  baseURL,
}) => {
  approveId = await createExchange(baseURL ?? '', `approve.${STAMP}@example.com`, '0.02');
  rejectId = await createExchange(baseURL ?? '', `reject.${STAMP}@example.com`, '0.03');
  // The guest of the first one says it was sent (pending, with its hash).
  const { ctx, post } = await visitor(baseURL ?? '');
  const confirmed = await post('PublicExchange/confirmTransaction', {
    exchangeId: approveId,
    transactionHash: BTC_HASH,
  });
  expect(confirmed.status(), await confirmed.text()).toBe(200);
  await ctx.dispose();
  await openAdmin(page, '/admin/pending-transactions');
  const row = (id: string) => page.locator(`[data-testid="exchange-row"][data-id="${id}"]`);
  await expect(row(approveId)).toBeVisible();
  await expect(row(rejectId)).toBeVisible();
  await expect(page.getByRole('columnheader')).toHaveCount(7);

  await row(approveId)
    .getByRole('button', { name: /Show or hide the details/ })
    .click();
  await page.getByRole('button', { name: 'Show e-mail' }).click();
  await expect(page.getByTestId('exchange-email')).toHaveText(`approve.${STAMP}@example.com`);
  await expectNoSeriousA11yViolations(page);
  await screens(page, 'pending-transactions');
  await page.getByRole('button', { name: 'Approve', exact: true }).click();
  const approve = page.getByRole('dialog', { name: 'Approve this exchange?' });
  await approve.getByRole('button', { name: 'Approve' }).click();
  await expect(notice(page, 'Success', 'Transaction was successfully approved.')).toBeVisible();
  await expect(row(approveId)).toBeHidden();

  await row(rejectId)
    .getByRole('button', { name: /Show or hide the details/ })
    .click();
  await page.getByRole('button', { name: 'Reject', exact: true }).click();
  const reject = page.getByRole('dialog', { name: 'Reject this exchange?' });
  await reject.getByLabel('Notes for the guest (optional)').fill('Deposit never arrived');
  await expectNoSeriousA11yViolations(page);
  await screens(page, 'reject-dialog');
  await reject.getByRole('button', { name: 'Reject' }).click();
  await expect(notice(page, 'Success', 'Transaction was successfully rejected.')).toBeVisible();
  await expect(row(rejectId)).toBeHidden();

  await page.goto('/admin/approved-transactions');
  await expect(row(approveId)).toBeVisible();
  await expect(row(approveId).getByTestId('exchange-status')).toHaveText('Success');
  await expect(row(approveId).getByTestId('hash-badge')).toHaveText(`${BTC_HASH.slice(0, 10)}…`);
  await screens(page, 'approved-transactions');
  await page.goto('/admin/rejected-transactions');
  await expect(row(rejectId)).toBeVisible();
  await row(rejectId)
    .getByRole('button', { name: /Show or hide the details/ })
    .click();
  await expect(page.getByText('Deposit never arrived')).toBeVisible();
  // Failed is not final: it can still be approved, never rejected again.
  await expect(page.getByRole('button', { name: 'Approve', exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Reject', exact: true })).toHaveCount(0);
  await screens(page, 'rejected-transactions');
});

test('an amount received that differs from the quote is requoted instead of approved', async ({
  page,
  baseURL,
}) => {
  const id = await createExchange(baseURL ?? '', `short.${STAMP}@example.com`, '0.01');
  await openAdmin(page, '/admin/pending-transactions');
  const row = page.locator(`[data-testid="exchange-row"][data-id="${id}"]`);
  await row.getByRole('button', { name: /Show or hide the details/ }).click();
  await page.getByRole('button', { name: 'Approve', exact: true }).click();
  const approve = page.getByRole('dialog', { name: 'Approve this exchange?' });
  await approve.getByLabel('Amount received in BTC (optional)').fill('0.009');
  await approve.getByRole('button', { name: 'Approve' }).click();
  await expect(approve.getByRole('alert')).toContainText('Could not approve transaction.');
  await expect(approve.getByRole('alert')).toContainText('differs from the quote');
  await approve.getByRole('button', { name: 'Cancel' }).click();
  // The amount was recorded: the row now offers a requote or a refund instead of a plain approval.
  await expect(page.getByText('Amount received', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Approve', exact: true })).toHaveCount(0);
  await page.getByRole('button', { name: 'Requote' }).click();
  const requote = page.getByRole('dialog', { name: 'Requote for the amount received?' });
  await requote.getByRole('button', { name: 'Requote' }).click();
  await expect(
    notice(page, 'Success', 'The exchange was requoted for the amount received and approved.'),
  ).toBeVisible();
  await expect(row).toBeHidden();
});
