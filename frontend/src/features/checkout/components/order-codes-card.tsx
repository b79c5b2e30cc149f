import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { SafeMarkdown } from '@/components/markdown/safe-markdown';
import { CopyButton, CopyIconButton } from '@/components/ui/copy-button';
import { strings } from '@/i18n/vi';
import { formatDate } from '@/lib/format';
import type { CustomerOrderItem, OrderCode } from '../api/types';

const MONO = 'ui-monospace, SFMono-Regular, Menlo, Consolas, "Liberation Mono", monospace';

const t = strings.customerOrder.codes;

/** One value of a card (its serial or its PIN) with its own copy button. */
function CardValue({
  label,
  value,
  copyLabel,
  testId,
}: {
  label?: string;
  value: string;
  copyLabel: string;
  testId: string;
}) {
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
      <Box sx={{ flexGrow: 1, minWidth: 0 }}>
        {label && (
          <Typography variant="caption" color="text.secondary" component="div">
            {label}
          </Typography>
        )}
        <Typography
          sx={{ fontFamily: MONO, fontWeight: 700, wordBreak: 'break-all', userSelect: 'all' }}
          data-testid={testId}
        >
          {value}
        </Typography>
      </Box>
      <CopyIconButton text={value} label={copyLabel} testId={`${testId}-copy`} />
    </Stack>
  );
}

/** A delivered code: "Seri … / Mã thẻ …" for a card, the code alone otherwise. */
function DeliveredCode({
  code,
  productName,
  index,
}: {
  code: OrderCode;
  productName: string;
  index: number;
}) {
  return (
    <Box
      component="li"
      sx={{ bgcolor: 'action.hover', borderRadius: 1, px: 1.5, py: 0.75 }}
      data-testid="order-card"
    >
      {code.replacement && (
        <Chip
          size="small"
          color="info"
          variant="outlined"
          label={t.replacement}
          sx={{ mb: 0.5 }}
          data-testid="order-code-replacement"
        />
      )}
      {code.serial ? (
        <Stack spacing={0.5}>
          <CardValue
            label={t.serial}
            value={code.serial}
            copyLabel={t.copySerial(productName, index)}
            testId="order-serial"
          />
          <CardValue
            label={t.pin}
            value={code.code}
            copyLabel={t.copyPin(productName, index)}
            testId="order-code"
          />
        </Stack>
      ) : (
        <CardValue
          value={code.code}
          copyLabel={t.copyOne(productName, index)}
          testId="order-code"
        />
      )}
      {code.expiresAt && (
        <Typography variant="caption" color="text.secondary">
          {t.expires(formatDate(code.expiresAt))}
        </Typography>
      )}
    </Box>
  );
}

/**
 * The codes of a completed order grouped by product, each card as its serial and PIN
 * with a copy button for each, a replacement labelled, and the product's redemption
 * steps under its codes.
 */
export function OrderCodesCard({ items }: { items: CustomerOrderItem[] }) {
  const all = items.flatMap((item) =>
    (item.codes ?? []).map((code) => (code.serial ? `${code.serial}\t${code.code}` : code.code)),
  );
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby="codes-title"
      sx={{ p: { xs: 2, sm: 3 }, borderColor: 'success.main', borderWidth: 2 }}
      data-testid="order-codes"
    >
      <Stack
        direction="row"
        sx={{
          justifyContent: 'space-between',
          alignItems: 'center',
          gap: 1,
          flexWrap: 'wrap',
          mb: 1,
        }}
      >
        <Typography id="codes-title" variant="h6" component="h2">
          {t.title}
        </Typography>
        {all.length > 1 && (
          <CopyButton text={all.join('\n')} label={t.copyAll} testId="order-codes-copy-all" />
        )}
      </Stack>
      {all.length === 0 && <Typography color="text.secondary">{t.none}</Typography>}
      <Stack spacing={2}>
        {items
          .filter((item) => (item.codes ?? []).length > 0)
          .map((item) => (
            <Box key={item.productId}>
              <Typography variant="subtitle2" sx={{ mb: 0.5 }}>
                {item.productName}
              </Typography>
              <Stack component="ol" spacing={0.75} sx={{ listStyle: 'none', p: 0, m: 0 }}>
                {(item.codes ?? []).map((code, index) => (
                  <DeliveredCode
                    key={`${code.code}-${index}`}
                    code={code}
                    productName={item.productName}
                    index={index + 1}
                  />
                ))}
              </Stack>
              {item.redeemInstructions && (
                <Box
                  component="section"
                  sx={{ mt: 1.5 }}
                  aria-label={`${t.instructions}: ${item.productName}`}
                >
                  <Typography variant="subtitle2" component="h3" sx={{ mb: 0.5 }}>
                    {t.instructions}
                  </Typography>
                  <SafeMarkdown
                    source={item.redeemInstructions}
                    testId="order-redeem-instructions"
                  />
                </Box>
              )}
            </Box>
          ))}
      </Stack>
    </Paper>
  );
}
