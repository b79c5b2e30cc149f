import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { CopyButton, CopyIconButton } from '@/components/ui/copy-button';
import { vi } from '@/i18n/vi';
import { formatDate } from '@/lib/format';
import type { CustomerOrderItem } from '../api/types';

const MONO = 'ui-monospace, SFMono-Regular, Menlo, Consolas, "Liberation Mono", monospace';

/** The codes of a completed order, each with a copy button, grouped by product. */
export function OrderCodesCard({ items }: { items: CustomerOrderItem[] }) {
  const t = vi.customerOrder.codes;
  const all = items.flatMap((item) => (item.codes ?? []).map((code) => code.code));
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby="codes-title"
      sx={{ p: { xs: 2, sm: 3 }, borderColor: 'success.main', borderWidth: 2 }}
      data-testid="order-codes"
    >
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', gap: 1, flexWrap: 'wrap', mb: 1 }}>
        <Typography id="codes-title" variant="h6" component="h2">
          {t.title}
        </Typography>
        {all.length > 1 && <CopyButton text={all.join('\n')} label={t.copyAll} testId="order-codes-copy-all" />}
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
              <Stack component="ol" spacing={0.5} sx={{ listStyle: 'none', p: 0, m: 0 }}>
                {(item.codes ?? []).map((code, index) => (
                  <Stack
                    component="li"
                    key={`${code.code}-${index}`}
                    direction="row"
                    spacing={1}
                    sx={{ alignItems: 'center', bgcolor: 'action.hover', borderRadius: 1, px: 1.5, py: 0.5 }}
                  >
                    <Box sx={{ flexGrow: 1, minWidth: 0 }}>
                      <Typography sx={{ fontFamily: MONO, fontWeight: 700, wordBreak: 'break-all', userSelect: 'all' }} data-testid="order-code">
                        {code.code}
                      </Typography>
                      {code.expiresAt && (
                        <Typography variant="caption" color="text.secondary">
                          {t.expires(formatDate(code.expiresAt))}
                        </Typography>
                      )}
                    </Box>
                    <CopyIconButton text={code.code} label={t.copyOne(item.productName, index + 1)} testId="order-code-copy" />
                  </Stack>
                ))}
              </Stack>
            </Box>
          ))}
      </Stack>
    </Paper>
  );
}
