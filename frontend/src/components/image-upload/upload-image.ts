import { UPLOAD_FILE_MAX_BYTES } from '@/config/limits';
import { ERROR_CODES, isApiError } from '@/lib/api/errors';
import { uploadFile, type UploadOptions } from '@/lib/api/upload';
import { strings } from '@/i18n/vi';

/** POST /system/api/admin/v1/UploadFile/Upload (multipart, field `file`). */
export const UPLOAD_IMAGE_PATH = '/system/api/admin/v1/UploadFile/Upload';

export const ACCEPTED_IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'] as const;

export interface UploadedImage {
  /** `/uploads/<sha256>.<ext>`, served by the gateway. */
  url: string;
  contentType: string;
  size: number;
  width: number;
  height: number;
}

export function uploadImage(
  file: File,
  options: Omit<UploadOptions, 'fieldName'> = {},
): Promise<UploadedImage> {
  return uploadFile<UploadedImage>(UPLOAD_IMAGE_PATH, file, { ...options, fieldName: 'file' });
}

/** A message for a file the browser can already tell the server would refuse, else null. */
export function localImageProblem(file: File): string | null {
  if (file.size > UPLOAD_FILE_MAX_BYTES) return strings.upload.tooLarge;
  if (file.type && !(ACCEPTED_IMAGE_TYPES as readonly string[]).includes(file.type))
    return strings.upload.notImage;
  return null;
}

/** The catalogue's message for the upload codes 210, 211 and 212; the server's for others. */
export function uploadErrorMessage(error: unknown): string | null {
  if (isApiError(error, ERROR_CODES.uploadTooLarge)) return strings.upload.tooLarge;
  if (isApiError(error, ERROR_CODES.uploadNotImage)) return strings.upload.notImage;
  if (isApiError(error, ERROR_CODES.uploadNoFile)) return strings.upload.noFile;
  return null;
}
