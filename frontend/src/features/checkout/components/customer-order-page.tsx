import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { strings } from '@/i18n/vi';
import { CustomerOrderScreen } from './customer-order-screen';
import { OrderLookup } from './order-lookup';

interface CustomerOrderPageProps {
  /** `?code=` of the link. */
  code: string | null;
  /** `#token=` of the link: never in a query string. */
  token: string | null;
  socialUrl?: string | null;
}

/** `/order-detail`: the order through its link, or the lookup form without a token. */
export function CustomerOrderPage({ code, token, socialUrl }: CustomerOrderPageProps) {
  if (code && token)
    return (
      <CustomerOrderScreen
        key={`${code}:${token}`}
        code={code}
        token={token}
        socialUrl={socialUrl}
      />
    );
  return (
    <Stack spacing={2} data-testid="customer-order-lookup-page">
      <Typography variant="h5" component="h1" sx={{ fontWeight: 700 }}>
        {strings.customerOrder.lookup.title}
      </Typography>
      <OrderLookup initialCode={code ?? ''} socialUrl={socialUrl} />
    </Stack>
  );
}
