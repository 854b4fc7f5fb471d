import { type Wallet, WalletType } from '@vaultline/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui';
import { CardDepositDialog } from './card-deposit-dialog';
import { CryptoDepositDialog } from './crypto-deposit-dialog';

/** Deposit for one wallet: crypto opens the address dialog, fiat the card dialog. */
export function DepositButton({ wallet }: { wallet: Wallet }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const Dialog = wallet.type === WalletType.Fiat ? CardDepositDialog : CryptoDepositDialog;
  return (
    <>
      <Button
        variant="secondary"
        size="sm"
        className="w-full sm:w-auto"
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
        aria-label={t('Funding.DepositInto', { name: wallet.fullName, ticker: wallet.ticker })}
      >
        {t('Funding.Deposit')}
      </Button>
      <Dialog wallet={wallet} open={open} onClose={() => setOpen(false)} />
    </>
  );
}
