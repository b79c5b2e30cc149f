import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import TimerOutlined from '@mui/icons-material/TimerOutlined';
import { strings } from '@/i18n/vi';
import { formatCountdown, useCountdown } from '../utils/countdown';

/** Time left to pay, ticking every second; at zero it says the status is being updated. */
export function ExpiryCountdown({ expiresAt }: { expiresAt: string | null | undefined }) {
  const left = useCountdown(expiresAt);
  const t = strings.customerOrder;
  if (Number.isNaN(left)) return null;
  if (left <= 0) {
    return (
      <Typography
        variant="body2"
        sx={{ fontWeight: 600 }}
        data-testid="order-countdown"
        data-expired="true"
      >
        {t.countdownOver}
      </Typography>
    );
  }
  const clock = formatCountdown(left);
  return (
    <Box sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}>
      <TimerOutlined fontSize="small" aria-hidden />
      <Typography variant="body2" component="span">
        {t.countdownLabel}:
      </Typography>
      <Typography
        variant="body1"
        component="span"
        role="timer"
        aria-label={t.countdownAria(clock)}
        sx={{ fontWeight: 700, fontVariantNumeric: 'tabular-nums' }}
        data-testid="order-countdown"
        data-ms-left={left}
      >
        {clock}
      </Typography>
    </Box>
  );
}
