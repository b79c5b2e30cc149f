import { useEffect, useRef, useState, type ChangeEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import CloudUploadOutlined from '@mui/icons-material/CloudUploadOutlined';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import ImageOutlined from '@mui/icons-material/ImageOutlined';
import { useController, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { strings } from '@/i18n/vi';
import { showError } from '@/lib/toast';
import {
  ACCEPTED_IMAGE_TYPES,
  localImageProblem,
  uploadErrorMessage,
  uploadImage,
} from './upload-image';

interface ImageUploadFieldProps {
  label: string;
  /** The stored image URL (`/uploads/...` or `https://...`), or null. */
  value: string | null | undefined;
  onChange: (url: string | null) => void;
  /** Tells the form an upload is running, so it can hold the submit. */
  onBusyChange?: (busy: boolean) => void;
  /** A field error (for instance from the server's `details`). */
  error?: string;
  disabled?: boolean;
  /** Prefix of the test ids: `<prefix>-input`, `<prefix>-preview`, `<prefix>-remove`, `<prefix>-progress`. */
  testId: string;
}

interface Pending {
  previewUrl: string;
  percent: number | null;
}

/**
 * Pick an image, see it at once, upload it with a progress bar; the resulting URL is the
 * field's value. Upload errors (210, 211, 212 and the rest) are toasts.
 */
export function ImageUploadField({
  label,
  value,
  onChange,
  onBusyChange,
  error,
  disabled,
  testId,
}: ImageUploadFieldProps) {
  const [pending, setPending] = useState<Pending | null>(null);
  const controller = useRef<AbortController | null>(null);

  // Leaving the form cancels a running upload and frees the local preview.
  useEffect(
    () => () => {
      controller.current?.abort();
    },
    [],
  );
  useEffect(() => {
    const previewUrl = pending?.previewUrl;
    return () => {
      if (previewUrl) URL.revokeObjectURL(previewUrl);
    };
  }, [pending?.previewUrl]);

  const finish = () => {
    controller.current = null;
    setPending(null);
    onBusyChange?.(false);
  };

  const onPick = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // Let the same file be picked again after a failure.
    event.target.value = '';
    if (!file) return;
    const problem = localImageProblem(file);
    if (problem) {
      showError(problem, strings.upload.failedTitle);
      return;
    }

    controller.current?.abort();
    const abort = new AbortController();
    controller.current = abort;
    setPending({ previewUrl: URL.createObjectURL(file), percent: 0 });
    onBusyChange?.(true);
    try {
      const uploaded = await uploadImage(file, {
        signal: abort.signal,
        onProgress: ({ percent }) => setPending((prev) => (prev ? { ...prev, percent } : prev)),
      });
      if (abort.signal.aborted) return;
      onChange(uploaded.url);
      finish();
    } catch (caught) {
      // Cancelled by the user (already reset) or by leaving the form.
      if (abort.signal.aborted) return;
      showError(uploadErrorMessage(caught) ?? caught, strings.upload.failedTitle);
      finish();
    }
  };

  const cancel = () => {
    controller.current?.abort();
    finish();
  };

  const shown = pending?.previewUrl ?? value ?? null;
  const uploading = pending !== null;

  return (
    <Stack spacing={1} data-testid={testId}>
      <Typography variant="subtitle2" component="p">
        {label}
      </Typography>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
        <Box
          sx={{
            width: 96,
            height: 96,
            flexShrink: 0,
            borderRadius: 1,
            border: 1,
            borderColor: error ? 'error.main' : 'divider',
            bgcolor: 'action.hover',
            display: 'grid',
            placeItems: 'center',
            overflow: 'hidden',
          }}
        >
          {shown ? (
            <Box
              component="img"
              src={shown}
              alt={strings.upload.previewAlt}
              data-testid={`${testId}-preview`}
              sx={{
                width: '100%',
                height: '100%',
                objectFit: 'contain',
                opacity: uploading ? 0.6 : 1,
              }}
            />
          ) : (
            <ImageOutlined color="disabled" titleAccess={strings.upload.noImage} />
          )}
        </Box>
        <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
          <Button
            component="label"
            variant="outlined"
            size="small"
            startIcon={<CloudUploadOutlined />}
            disabled={disabled || uploading}
          >
            {value ? strings.upload.change : strings.upload.choose}
            <input
              type="file"
              accept={ACCEPTED_IMAGE_TYPES.join(',')}
              aria-label={`${strings.upload.inputLabel}: ${label}`}
              data-testid={`${testId}-input`}
              onChange={(event) => void onPick(event)}
              disabled={disabled || uploading}
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
          {uploading ? (
            <Button size="small" color="inherit" onClick={cancel}>
              {strings.upload.cancel}
            </Button>
          ) : (
            value && (
              <Button
                size="small"
                color="error"
                startIcon={<DeleteOutlined />}
                onClick={() => onChange(null)}
                disabled={disabled}
                data-testid={`${testId}-remove`}
              >
                {strings.upload.remove}
              </Button>
            )
          )}
        </Stack>
      </Stack>
      {uploading && (
        <Box data-testid={`${testId}-progress`}>
          <LinearProgress
            variant={pending.percent === null ? 'indeterminate' : 'determinate'}
            value={pending.percent ?? undefined}
            aria-label={strings.upload.uploading}
          />
          <Typography variant="caption" color="text.secondary">
            {pending.percent === null
              ? strings.upload.uploading
              : strings.upload.progress(pending.percent)}
          </Typography>
        </Box>
      )}
      <FormHelperText error={Boolean(error)} sx={{ mx: 0 }}>
        {error ?? strings.upload.hint}
      </FormHelperText>
    </Stack>
  );
}

type FormImageUploadFieldProps<T extends FieldValues, TOut = T> = Omit<
  ImageUploadFieldProps,
  'value' | 'onChange' | 'error'
> & {
  control: Control<T, unknown, TOut>;
  /** A field holding the image URL or null. */
  name: FieldPath<T>;
};

/** An ImageUploadField bound to react-hook-form; shows the field's error. */
export function FormImageUploadField<T extends FieldValues, TOut = T>({
  control,
  name,
  ...props
}: FormImageUploadFieldProps<T, TOut>) {
  const { field, fieldState } = useController<T, FieldPath<T>, TOut>({ control, name });
  return (
    <ImageUploadField
      {...props}
      value={field.value}
      onChange={field.onChange}
      error={fieldState.error?.message}
    />
  );
}
