import { useDeferredValue, useEffect, useMemo, useRef, useState, type ChangeEvent } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import UploadFileOutlined from '@mui/icons-material/UploadFileOutlined';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { AppDialog } from '@/components/ui/app-dialog';
import { FormDateTimeField } from '@/components/ui/form/form-date-time-field';
import { FormTextField } from '@/components/ui/form/form-text-field';
import { SERIAL_CODE_LIMITS } from '@/config/limits';
import { strings } from '@/i18n/vi';
import { ERROR_CODES, isApiError } from '@/lib/api/errors';
import { fromDateTimeInputValue } from '@/lib/dates/datetime-input';
import { applyServerFieldErrors } from '@/lib/api/form-errors';
import { formatFileSize, formatNumber } from '@/lib/format';
import { createSerialCodesBulk, useInvalidateAfterImport } from '../api/create-serial-codes-bulk';
import type { ProductOption } from '../api/types';
import {
  buildCardRows,
  suggestMapping,
  type ColumnMapping,
  type SplitTable,
} from '../utils/card-table';
import {
  addChunkResult,
  codeSourceOf,
  emptySummary,
  planImport,
  type CodeChunk,
  type ImportSummary,
} from '../utils/code-import';
import { ImportMapping } from './import-mapping';
import { useSplitTable } from './use-split-table';
import { ImportResultSummary } from './import-result-summary';
import { ProductAutocomplete } from '@/components/product-picker/product-autocomplete';
import { IMPORT_FIELDS, importSchema, type ImportFormValues } from './serial-code-schemas';

const t = strings.serialCodes.importDialog;

/** One call's body: the cards with their serial and expiry when the file has them, else bare codes. */
function chunkBody(
  chunk: CodeChunk,
): { codes: string[] } | { items: { code: string; serial?: string; expiresAt?: string }[] } {
  const cards =
    chunk.serials?.some((serial) => serial !== null) ||
    chunk.expiries?.some((expiry) => expiry !== null);
  if (!cards) return { codes: chunk.codes };
  return {
    items: chunk.codes.map((code, i) => ({
      code,
      ...(chunk.serials?.[i] ? { serial: chunk.serials[i] } : {}),
      ...(chunk.expiries?.[i] ? { expiresAt: chunk.expiries[i] } : {}),
    })),
  };
}

/** Files are read whole in the browser; beyond this the tab would suffer. */
const MAX_FILE_BYTES = 32 * 1024 * 1024;

type Phase =
  | { kind: 'form' }
  | { kind: 'running'; summary: ImportSummary }
  | {
      kind: 'done';
      summary: ImportSummary;
      outcome: 'complete' | 'stopped' | 'failed';
      failure: string | null;
    };

function defaults(product: ProductOption | null): ImportFormValues {
  return {
    product,
    source: 'text',
    text: '',
    fileName: '',
    fileKind: 'text',
    fileText: '',
    expiresAt: '',
    note: '',
  };
}

interface SerialCodeImportDialogProps {
  open: boolean;
  /** Preselected product (the screen's product filter), read when the dialog mounts: give it a new `key` per opening. */
  product: ProductOption | null;
  onClose: () => void;
}

/**
 * Bulk import: paste lines or read a .txt/.csv file in the browser, preview the count,
 * send the codes in chunks one after another with a progress bar, then list what was
 * added, what was a duplicate and which lines were invalid, by the user's line numbers.
 */
export function SerialCodeImportDialog({ open, product, onClose }: SerialCodeImportDialogProps) {
  const [phase, setPhase] = useState<Phase>({ kind: 'form' });
  const [fileSize, setFileSize] = useState(0);
  const [stopping, setStopping] = useState(false);
  const stopRequested = useRef(false);
  const abort = useRef<AbortController | null>(null);
  const invalidate = useInvalidateAfterImport();

  const { control, handleSubmit, reset, setError, setValue, clearErrors, getValues } =
    useForm<ImportFormValues>({
      resolver: zodResolver(importSchema),
      defaultValues: defaults(product),
    });

  // Leaving the screen stops an import between two chunks.
  useEffect(() => () => abort.current?.abort(), []);

  const [source, text, fileText, fileKind, fileName] = useWatch({
    control,
    name: ['source', 'text', 'fileText', 'fileKind', 'fileName'],
  });
  // Parsing a long paste waits for React's spare time; typing stays smooth.
  const deferredText = useDeferredValue(text);
  const deferredFileText = useDeferredValue(fileText);
  // Rows and cells, split in a worker when large; then the columns mapped to PIN, serial
  // and expiry (suggested from a recognised header, changed by staff).
  const split = useSplitTable(
    source === 'file' ? deferredFileText : deferredText,
    source === 'file' ? fileKind : 'text',
  );
  const [chosen, setChosen] = useState<{ table: SplitTable; mapping: ColumnMapping } | null>(null);
  const suggested = useMemo(
    () => (split.table ? suggestMapping(split.table) : null),
    [split.table],
  );
  const mapping = split.table && chosen?.table === split.table ? chosen.mapping : suggested;
  const preview = useMemo(() => {
    if (!split.table || !mapping) return null;
    const cards = buildCardRows(split.table, mapping);
    return { cards, chunks: planImport(cards).chunks.length };
  }, [split.table, mapping]);
  const settled = !split.pending && deferredText === text && deferredFileText === fileText;

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const kind = codeSourceOf(file.name);
    if (!kind) {
      setError('fileName', { type: 'manual', message: t.fileTypeError });
      return;
    }
    if (file.size > MAX_FILE_BYTES) {
      setError('fileName', { type: 'manual', message: t.fileTooLarge });
      return;
    }
    try {
      const content = await file.text();
      setValue('fileText', content);
      setValue('fileKind', kind);
      setValue('fileName', file.name);
      setFileSize(file.size);
      clearErrors('fileName');
    } catch {
      setError('fileName', { type: 'manual', message: t.fileReadError });
    }
  };

  const removeFile = () => {
    setValue('fileText', '');
    setValue('fileName', '');
    setFileSize(0);
  };

  const onSubmit = handleSubmit(async (values) => {
    const selected = values.product;
    if (!selected || !settled) return;
    const parsed = preview?.cards;
    if (!parsed || parsed.codes.length + parsed.invalid.length === 0) {
      setError(values.source === 'file' ? 'fileName' : 'text', {
        type: 'manual',
        message: strings.serialCodes.validation.codesRequired,
      });
      return;
    }
    const plan = planImport(parsed);
    const expiresAt = fromDateTimeInputValue(values.expiresAt) ?? null;
    const note = values.note || null;
    const controller = new AbortController();
    abort.current = controller;
    stopRequested.current = false;
    setStopping(false);

    let failure: string | null = null;
    let summary = emptySummary(plan.total, parsed.invalid);
    let outcome: 'complete' | 'stopped' | 'failed' = 'complete';
    setPhase({ kind: 'running', summary });

    try {
      for (let index = 0; index < plan.chunks.length; index += 1) {
        if (stopRequested.current) {
          outcome = 'stopped';
          break;
        }
        const chunk = plan.chunks[index];
        try {
          const result = await createSerialCodesBulk(
            { productId: selected.id, ...chunkBody(chunk), expiresAt, note },
            controller.signal,
          );
          summary = addChunkResult(summary, plan, index, result);
          if (controller.signal.aborted) return;
          setPhase({ kind: 'running', summary });
        } catch (error) {
          if (controller.signal.aborted) return;
          // Nothing stored yet and the server points at fields: back to the form.
          if (summary.sent === 0 && isApiError(error, ERROR_CODES.validation)) {
            let applied = applyServerFieldErrors(error, setError, IMPORT_FIELDS);
            const productProblem = error.details.find((detail) => detail.field === 'productId');
            if (productProblem) {
              setError('product', { type: 'server', message: productProblem.message });
              applied = true;
            }
            if (applied) {
              setPhase({ kind: 'form' });
              return;
            }
          }
          console.error(error);
          const reason = isApiError(error, ERROR_CODES.serialCodeBatchTooLarge)
            ? t.tooMany(formatNumber(chunk.codes.length))
            : error instanceof Error
              ? error.message
              : String(error);
          failure = reason;
          outcome = 'failed';
          break;
        }
      }
    } finally {
      if (abort.current === controller) abort.current = null;
      void invalidate();
    }
    setPhase({ kind: 'done', summary, outcome, failure });
  });

  const again = () => {
    reset({ ...defaults(getValues('product')) });
    setFileSize(0);
    setPhase({ kind: 'form' });
  };

  const running = phase.kind === 'running';
  const toSend = preview?.cards.codes.length ?? 0;

  const actions =
    phase.kind === 'form' ? (
      <>
        <Button color="inherit" onClick={onClose}>
          {strings.common.cancel}
        </Button>
        <Button type="submit" variant="contained" data-testid="import-submit" disabled={!settled}>
          {t.submit}
        </Button>
      </>
    ) : phase.kind === 'running' ? (
      <Button
        color="inherit"
        disabled={stopping}
        onClick={() => {
          stopRequested.current = true;
          setStopping(true);
        }}
      >
        {t.cancelRemaining}
      </Button>
    ) : (
      <>
        <Button color="inherit" onClick={again}>
          {t.again}
        </Button>
        <Button variant="contained" onClick={onClose} data-testid="import-close">
          {strings.common.close}
        </Button>
      </>
    );

  return (
    <AppDialog
      open={open}
      title={phase.kind === 'done' ? strings.serialCodes.result.title : t.title}
      onClose={onClose}
      onSubmit={phase.kind === 'form' ? (event) => void onSubmit(event) : undefined}
      busy={running}
      maxWidth="md"
      testId="serial-code-import-dialog"
      actions={actions}
    >
      {phase.kind === 'form' && (
        <Stack spacing={2} sx={{ pt: 1 }}>
          <Controller
            control={control}
            name="product"
            render={({ field, fieldState }) => (
              <ProductAutocomplete
                label={t.product}
                value={field.value ?? null}
                onChange={field.onChange}
                error={fieldState.error?.message}
                required
                testId="import-product"
              />
            )}
          />
          <Controller
            control={control}
            name="source"
            render={({ field }) => (
              <ToggleButtonGroup
                exclusive
                size="small"
                color="primary"
                value={field.value}
                onChange={(_, next: 'text' | 'file' | null) => next && field.onChange(next)}
              >
                <ToggleButton value="text" data-testid="import-source-text">
                  {t.sourceText}
                </ToggleButton>
                <ToggleButton value="file" data-testid="import-source-file">
                  {t.sourceFile}
                </ToggleButton>
              </ToggleButtonGroup>
            )}
          />
          {source === 'text' ? (
            <FormTextField
              control={control}
              name="text"
              label={t.textLabel}
              placeholder={t.textPlaceholder}
              multiline
              minRows={6}
              maxRows={14}
              fullWidth
              slotProps={{
                inputLabel: { shrink: true },
                htmlInput: {
                  'data-testid': 'import-codes-text',
                  spellCheck: false,
                  autoCapitalize: 'none',
                  style: { fontFamily: 'monospace' },
                },
              }}
            />
          ) : (
            <Controller
              control={control}
              name="fileName"
              render={({ fieldState }) => (
                <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
                  <Stack
                    direction="row"
                    spacing={1}
                    sx={{ alignItems: 'center', flexWrap: 'wrap' }}
                  >
                    <Button component="label" variant="outlined" startIcon={<UploadFileOutlined />}>
                      {t.fileButton}
                      <input
                        type="file"
                        accept=".txt,.csv,.tsv,text/plain,text/csv,text/tab-separated-values"
                        aria-label={t.fileButton}
                        data-testid="import-codes-file"
                        onChange={(event) => void onFile(event)}
                        style={{
                          position: 'absolute',
                          width: 1,
                          height: 1,
                          opacity: 0,
                          overflow: 'hidden',
                          clip: 'rect(0 0 0 0)',
                        }}
                      />
                    </Button>
                    {fileName && (
                      <>
                        <Typography variant="body2" data-testid="import-file-name">
                          {t.fileChosen(fileName, formatFileSize(fileSize))}
                        </Typography>
                        <Button size="small" color="inherit" onClick={removeFile}>
                          {t.fileRemove}
                        </Button>
                      </>
                    )}
                  </Stack>
                  <FormHelperText error={Boolean(fieldState.error)} sx={{ mx: 0 }}>
                    {fieldState.error?.message ?? t.fileHelp}
                  </FormHelperText>
                </Stack>
              )}
            />
          )}
          {split.table && mapping && (split.table.columns > 1 || mapping.header) && (
            <ImportMapping
              table={split.table}
              mapping={mapping}
              onChange={(next) => split.table && setChosen({ table: split.table, mapping: next })}
            />
          )}
          <Alert
            severity={!settled ? 'info' : toSend > 0 ? 'info' : 'warning'}
            data-testid="import-preview"
            data-count={settled ? toSend : undefined}
            data-rows={settled ? preview?.cards.rows : undefined}
            data-empty={settled ? preview?.cards.empty : undefined}
            data-repeated={settled ? preview?.cards.duplicates : undefined}
          >
            {!settled
              ? t.reading
              : [
                  t.preview(formatNumber(toSend)),
                  preview && preview.cards.rows > 0
                    ? t.previewRows(formatNumber(preview.cards.rows))
                    : null,
                  preview && preview.cards.empty > 0
                    ? t.previewEmpty(formatNumber(preview.cards.empty))
                    : null,
                  preview && preview.cards.duplicates > 0
                    ? t.previewRepeated(formatNumber(preview.cards.duplicates))
                    : null,
                  preview && preview.cards.invalid.length > 0
                    ? strings.serialCodes.result.invalid(formatNumber(preview.cards.invalid.length))
                    : null,
                  preview && preview.chunks > 1
                    ? t.previewChunks(formatNumber(preview.chunks))
                    : null,
                ]
                  .filter(Boolean)
                  .join(' · ')}
          </Alert>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <FormDateTimeField
              control={control}
              name="expiresAt"
              label={t.expiresAt}
              sx={{ flex: 1 }}
              testId="import-expires-at"
            />
            <FormTextField
              control={control}
              name="note"
              label={t.note}
              maxLength={SERIAL_CODE_LIMITS.noteMax}
              sx={{ flex: 2 }}
            />
          </Stack>
        </Stack>
      )}

      {phase.kind === 'running' && (
        <Stack spacing={1.5} sx={{ py: 2 }} data-testid="import-progress">
          <LinearProgress
            variant="determinate"
            value={
              phase.summary.total === 0 ? 100 : (phase.summary.sent / phase.summary.total) * 100
            }
            aria-label={t.progress(
              formatNumber(phase.summary.sent),
              formatNumber(phase.summary.total),
            )}
          />
          <Typography variant="body2" color="text.secondary">
            {t.progress(formatNumber(phase.summary.sent), formatNumber(phase.summary.total))}
          </Typography>
        </Stack>
      )}

      {phase.kind === 'done' && (
        <Box>
          {phase.outcome === 'stopped' && (
            <Alert severity="warning" sx={{ mb: 2 }}>
              {t.stopped}
            </Alert>
          )}
          {phase.outcome === 'failed' && (
            <Alert severity="error" sx={{ mb: 2 }} data-testid="import-failed">
              {t.failed(formatNumber(phase.summary.sent), formatNumber(phase.summary.total))}
              {phase.failure && (
                <Typography variant="body2" component="span" sx={{ display: 'block', mt: 0.5 }}>
                  {phase.failure}
                </Typography>
              )}
            </Alert>
          )}
          <ImportResultSummary summary={phase.summary} />
        </Box>
      )}
    </AppDialog>
  );
}
