import { useEffect, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import DownloadOutlined from '@mui/icons-material/DownloadOutlined';
import { strings } from '@/i18n/vi';
import type { QrImage } from './qr-render';

const QR_SIZE = 280;

/**
 * Draws the QR code locally. The `qrcode` library comes in its own chunk (`qr-render`),
 * loaded only on the pages that show a QR; the payload never leaves the browser.
 */
async function drawQr(payload: string): Promise<QrImage> {
  const { renderQr } = await import('./qr-render');
  return renderQr(payload, QR_SIZE);
}

interface PaymentQrProps {
  payload: string;
  /** Accessible name of the image. */
  alt: string;
  /** The saved file's name, without extension. */
  fileName: string;
}

/**
 * The VietQR image. `data-testid="payment-qr"` and `data-payload` (the exact text encoded)
 * let tests check it; the image itself decodes to the same text.
 */
export function PaymentQr({ payload, alt, fileName }: PaymentQrProps) {
  const [image, setImage] = useState<QrImage | null>(null);
  const [failed, setFailed] = useState(false);
  const t = strings.customerOrder.payment;

  useEffect(() => {
    let active = true;
    setFailed(false);
    drawQr(payload).then(
      (drawn) => {
        if (active) setImage(drawn);
      },
      () => {
        if (active) setFailed(true);
      },
    );
    return () => {
      active = false;
    };
  }, [payload]);

  if (failed) {
    return (
      <Typography variant="body2" color="error" data-testid="payment-qr-error">
        {t.qrError}
      </Typography>
    );
  }
  const current = image?.payload === payload ? image : null;
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 1 }}>
      {current ? (
        <Box
          component="img"
          src={current.src}
          alt={alt}
          width={QR_SIZE}
          height={QR_SIZE}
          data-testid="payment-qr"
          data-payload={payload}
          sx={{
            width: '100%',
            maxWidth: QR_SIZE,
            height: 'auto',
            aspectRatio: '1 / 1',
            bgcolor: '#fff',
            borderRadius: 1,
            imageRendering: 'pixelated',
          }}
        />
      ) : (
        <Skeleton
          variant="rounded"
          width={QR_SIZE}
          height={QR_SIZE}
          sx={{ maxWidth: '100%' }}
          aria-label={t.qrLoading}
        />
      )}
      {current && (
        <Button
          size="small"
          startIcon={<DownloadOutlined />}
          href={current.src}
          download={`${fileName}.${current.png ? 'png' : 'svg'}`}
          data-testid="payment-qr-download"
        >
          {t.qrDownload}
        </Button>
      )}
    </Box>
  );
}
