import QRCode from 'qrcode';

export interface QrImage {
  payload: string;
  src: string;
  /** PNG can be saved to the phone's gallery and opened from a banking app. */
  png: boolean;
}

/**
 * The QR image of `payload` as a data URL: a PNG where the browser can draw one, else an
 * SVG. Imported on demand only (its own chunk, with the `qrcode` library).
 */
export async function renderQr(payload: string, size: number): Promise<QrImage> {
  const options = {
    errorCorrectionLevel: 'M' as const,
    margin: 2,
    width: size,
    color: { dark: '#000000', light: '#ffffff' },
  };
  try {
    return {
      payload,
      src: await QRCode.toDataURL(payload, { ...options, type: 'image/png' }),
      png: true,
    };
  } catch {
    const svg = await QRCode.toString(payload, { ...options, type: 'svg' });
    return {
      payload,
      src: `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`,
      png: false,
    };
  }
}
