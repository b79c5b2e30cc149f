import { useMemo, useState } from 'react';
import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { ImageUploadField } from '@/components/image-upload/image-upload-field';
import { ImportResultSummary } from '@/features/serial-codes/components/import-result-summary';
import {
  parseCodes,
  planImport,
  type ImportSummary,
} from '@/features/serial-codes/utils/code-import';
import { strings } from '@/i18n/vi';
import { uikit } from '@/i18n/vi/guide';
import { formatNumber } from '@/lib/format';
import { DemoBlock, SampleBadge, UikitPage } from './uikit-frame';

const t = uikit.file;
const SAMPLE_TEXT = 'GIFT-AAAA-1111\nGIFT-BBBB-2222\n\nGIFT-AAAA-1111\nGIFT-CCCC-3333\n';

/** What the import dialog reports after a run: the user's own line numbers. */
const SAMPLE_SUMMARY: ImportSummary = {
  inserted: 2,
  duplicates: [
    { line: 4, code: 'GIFT-AAAA-1111', reason: 'repeated' },
    { line: 5, code: 'GIFT-CCCC-3333', reason: 'exists' },
  ],
  invalid: [],
  sent: 4,
  total: 4,
};

/** `/uikit/file`: the image upload with its progress bar, and the code import's preview and result. */
export function FilePage() {
  const [imageUrl, setImageUrl] = useState<string | null>(null);
  const [text, setText] = useState(SAMPLE_TEXT);
  const preview = useMemo(() => {
    const parsed = parseCodes(text, 'text');
    return { parsed, chunks: planImport(parsed).chunks.length };
  }, [text]);

  return (
    <UikitPage section="file">
      <DemoBlock title={t.image}>
        <Stack spacing={2}>
          <Alert severity="info">{uikit.media.uploadNote}</Alert>
          <ImageUploadField
            label={strings.products.form.image}
            value={imageUrl}
            onChange={setImageUrl}
            testId="demo-file-image"
          />
        </Stack>
      </DemoBlock>
      <DemoBlock title={t.codes}>
        <Stack spacing={2}>
          <Typography variant="body2" color="text.secondary">
            {t.codesHelp}
          </Typography>
          <TextField
            label={t.codesLabel}
            value={text}
            onChange={(event) => setText(event.target.value)}
            multiline
            minRows={5}
            fullWidth
            slotProps={{
              htmlInput: {
                spellCheck: false,
                style: { fontFamily: 'monospace' },
                'data-testid': 'demo-codes-text',
              },
            }}
          />
          <Alert
            severity={preview.parsed.codes.length > 0 ? 'info' : 'warning'}
            data-testid="demo-codes-preview"
          >
            {t.preview(
              formatNumber(preview.parsed.codes.length),
              formatNumber(preview.parsed.skipped),
              formatNumber(preview.parsed.invalid.length),
              formatNumber(preview.chunks),
            )}
          </Alert>
          <SampleBadge />
          <ImportResultSummary summary={SAMPLE_SUMMARY} />
        </Stack>
      </DemoBlock>
    </UikitPage>
  );
}
