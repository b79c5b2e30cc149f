import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { CopyIconButton } from '@/components/ui/copy-button';
import { vi } from '@/i18n/vi';

interface CopyFieldProps {
  label: string;
  value: string;
  /** What the copy button copies, when it differs from what is shown (an amount's digits). */
  copyValue?: string;
  monospace?: boolean;
  emphasis?: boolean;
  testId: string;
}

/** One line of a payment instruction: label, value and a copy button. */
export function CopyField({ label, value, copyValue, monospace, emphasis, testId }: CopyFieldProps) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, py: 0.75, borderBottom: 1, borderColor: 'divider' }}>
      <Box sx={{ flexGrow: 1, minWidth: 0 }}>
        <Typography variant="caption" color="text.secondary" component="div">
          {label}
        </Typography>
        <Typography
          variant={emphasis ? 'h6' : 'body1'}
          component="div"
          color={emphasis ? 'primary' : undefined}
          sx={{ fontWeight: 700, wordBreak: 'break-all', fontFamily: monospace ? 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace' : undefined }}
          data-testid={testId}
        >
          {value}
        </Typography>
      </Box>
      <CopyIconButton text={copyValue ?? value} label={vi.customerOrder.payment.copyLabel(label)} testId={`${testId}-copy`} />
    </Box>
  );
}
