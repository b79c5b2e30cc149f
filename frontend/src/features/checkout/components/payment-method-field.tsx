import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { LoadErrorAlert } from '@/components/ui/load-error-alert';
import { strings } from '@/i18n/vi';
import type { PaymentMethod } from '../api/types';

interface PaymentMethodFieldProps {
  methods: PaymentMethod[] | undefined;
  loading: boolean;
  loadFailed: boolean;
  onRetry: () => void;
  value: string;
  onChange: (id: string) => void;
  error?: string;
  disabled?: boolean;
}

/** The payment provider choice of the buy dialog: one radio per active provider. */
export function PaymentMethodField({
  methods,
  loading,
  loadFailed,
  onRetry,
  value,
  onChange,
  error,
  disabled,
}: PaymentMethodFieldProps) {
  const t = strings.checkout;
  const labelId = useId();
  if (loading)
    return <Skeleton variant="rounded" height={56} aria-label={t.paymentMethodsLoading} />;
  if (loadFailed) {
    return <LoadErrorAlert onRetry={onRetry}>{t.paymentMethodsError}</LoadErrorAlert>;
  }
  if (!methods || methods.length === 0) {
    return (
      <Alert severity="warning" data-testid="buy-now-no-payment-methods">
        {t.noPaymentMethods}
      </Alert>
    );
  }
  return (
    <FormControl error={Boolean(error)} disabled={disabled} fullWidth>
      <FormLabel id={labelId}>{t.paymentMethod}</FormLabel>
      <RadioGroup
        aria-labelledby={labelId}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        data-testid="buy-now-payment-methods"
      >
        {methods.map((method) => (
          <FormControlLabel
            key={method.id}
            value={method.id}
            control={<Radio />}
            label={
              <Box sx={{ py: 0.5 }}>
                <Typography
                  variant="body2"
                  component="span"
                  sx={{ fontWeight: 600, display: 'block' }}
                >
                  {method.name}
                </Typography>
                {method.bankName && (
                  <Typography
                    variant="caption"
                    color="text.secondary"
                    component="span"
                    sx={{ display: 'block' }}
                  >
                    {method.bankName}
                  </Typography>
                )}
              </Box>
            }
          />
        ))}
      </RadioGroup>
      {error && <FormHelperText>{error}</FormHelperText>}
    </FormControl>
  );
}
