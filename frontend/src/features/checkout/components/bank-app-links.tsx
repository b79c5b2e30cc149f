import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { strings } from '@/i18n/vi';
import { BANK_APPS, bankAppLink, type DeepLinkPayment } from '../utils/bank-apps';

interface BankAppLinksProps {
  payment: DeepLinkPayment;
  amount: number;
}

/**
 * 'Mở ứng dụng ngân hàng': one button per popular banking app, each a VietQR deep link
 * that opens the app with the account, amount and memo filled in. Opens in a new tab, so
 * this page keeps polling and shows the codes when the shopper comes back.
 */
export function BankAppLinks({ payment, amount }: BankAppLinksProps) {
  const t = strings.customerOrder.payment;
  const links = BANK_APPS.map((app) => ({
    app,
    href: bankAppLink(app.id, payment, amount),
  })).filter(
    (entry): entry is { app: (typeof BANK_APPS)[number]; href: string } => entry.href !== null,
  );
  if (links.length === 0) return null;
  return (
    <Box component="section" aria-labelledby="bank-apps-title" data-testid="payment-bank-apps">
      <Typography id="bank-apps-title" variant="subtitle1" component="h3" sx={{ fontWeight: 700 }}>
        {t.openBankApp}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
        {t.openBankAppHint}
      </Typography>
      <Box
        component="ul"
        sx={{
          listStyle: 'none',
          p: 0,
          m: 0,
          display: 'grid',
          gap: 1,
          gridTemplateColumns: 'repeat(2, minmax(0, 1fr))',
        }}
      >
        {links.map(({ app, href }) => (
          <li key={app.id}>
            <Button
              component="a"
              href={href}
              target="_blank"
              rel="noopener noreferrer"
              variant="outlined"
              fullWidth
              aria-label={t.openBankAppLabel(app.name)}
              data-testid={`payment-bank-app-${app.id}`}
              sx={{ minHeight: 48 }}
            >
              {app.name}
            </Button>
          </li>
        ))}
      </Box>
    </Box>
  );
}
