import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { CopyIconButton } from '@/components/ui/copy-button';
import { strings } from '@/i18n/vi';

interface CopyFieldProps {
  label: string;
  value: string;
  /** What the copy button copies, when it differs from what is shown (an amount's digits). */
  copyValue?: string;
  monospace?: boolean;
  emphasis?: boolean;
  /** A phone: a larger value and a 48 px copy button for the thumb. */
  large?: boolean;
  testId: string;
}

/** One line of a payment instruction: label, value and a copy button. */
export function CopyField({
  label,
  value,
  copyValue,
  monospace,
  emphasis,
  large,
  testId,
}: CopyFieldProps) {
  return (
    <Box
      sx={{
        display: 'flex',
        alignItems: 'center',
        gap: 1,
        py: large ? 1 : 0.75,
        borderBottom: 1,
        borderColor: 'divider',
      }}
    >
      <Box sx={{ flexGrow: 1, minWidth: 0 }}>
        <Typography variant="caption" color="text.secondary" component="div">
          {label}
        </Typography>
        <Typography
          variant={emphasis ? (large ? 'h5' : 'h6') : large ? 'h6' : 'body1'}
          component="div"
          color={emphasis ? 'primary' : undefined}
          sx={{
            fontWeight: 700,
            overflowWrap: 'anywhere',
            lineHeight: 1.3,
            fontFamily: monospace
              ? 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace'
              : undefined,
          }}
          data-testid={testId}
        >
          {value}
        </Typography>
      </Box>
      <CopyIconButton
        text={copyValue ?? value}
        label={strings.customerOrder.payment.copyLabel(label)}
        testId={`${testId}-copy`}
        size={large ? 'large' : 'small'}
      />
    </Box>
  );
}
