import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { strings } from '@/i18n/vi';
import { publicUrlConcern } from './public-url';

/** A warning when SePay could not call the webhook address (not public https). */
export function PublicUrlWarning({ url }: { url: string }) {
  const concern = publicUrlConcern(url);
  if (!concern) return null;
  const t = strings.paymentProviders.form.publicUrlWarning;
  return (
    <Alert severity="warning" sx={{ mt: 1.5 }} data-testid="payment-provider-public-url-warning">
      <AlertTitle>{t.title}</AlertTitle>
      {t[concern]}
    </Alert>
  );
}

/** SePay's own screens, step by step, with a link to the staff guide's section. */
export function SepaySteps({ auth }: { auth: 'apikey' | 'hmac' }) {
  const t = strings.paymentProviders;
  return (
    <Box data-testid="payment-provider-sepay-steps" sx={{ mt: 1.5 }}>
      <Typography variant="subtitle2">{t.form.sepayStepsTitle}</Typography>
      <Box component="ol" sx={{ m: 0, mt: 0.5, pl: 3, '& li': { mb: 0.5 } }}>
        {t.sepaySteps(auth).map((step) => (
          <Typography component="li" variant="body2" key={step}>
            {step}
          </Typography>
        ))}
      </Box>
      <Link
        component={RouterLink}
        to="/documentation#thanh-toan"
        target="_blank"
        rel="noopener"
        variant="body2"
      >
        {t.form.sepayStepsGuide}
      </Link>
    </Box>
  );
}
