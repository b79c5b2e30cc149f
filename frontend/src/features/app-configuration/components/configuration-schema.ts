import { z } from 'zod';
import { CONFIGURATION_LIMITS } from '@/config/limits';
import { strings } from '@/i18n/vi';
import { charLength, optionalEmailField } from '@/lib/validation';
import type { AdminAppConfiguration, UpdateAppConfigurationPayload } from '../api/types';

const t = strings.configuration.validation;

const ANALYTICS_ID = new RegExp(`^[A-Za-z0-9_-]{1,${CONFIGURATION_LIMITS.analyticsIdMax}}$`);
const PHONE = new RegExp(
  `^\\+?[0-9 ]{${CONFIGURATION_LIMITS.phoneMin},${CONFIGURATION_LIMITS.phoneMax}}$`,
);

function isWebUrl(value: string): boolean {
  if (value.length > CONFIGURATION_LIMITS.urlMax || /\s/.test(value)) return false;
  try {
    const url = new URL(value);
    return (
      (url.protocol === 'http:' || url.protocol === 'https:') &&
      url.hostname !== '' &&
      !url.username &&
      !url.password
    );
  } catch {
    return false;
  }
}

export const configurationSchema = z
  .object({
    shopName: z
      .string()
      .trim()
      .min(1, t.shopNameRequired)
      .refine((v) => charLength(v) <= CONFIGURATION_LIMITS.shopNameMax, t.shopNameTooLong),
    shopTagline: z
      .string()
      .trim()
      .refine((v) => charLength(v) <= CONFIGURATION_LIMITS.shopTaglineMax, t.shopTaglineTooLong),
    logoUrl: z.string().nullable(),
    socialUrl: z
      .string()
      .trim()
      .refine((v) => v === '' || isWebUrl(v), t.socialUrlInvalid),
    footerNote: z
      .string()
      .trim()
      .refine((v) => charLength(v) <= CONFIGURATION_LIMITS.footerNoteMax, t.footerNoteTooLong),
    contactEmail: optionalEmailField(t.emailInvalid),
    contactPhone: z
      .string()
      .trim()
      .refine(
        (v) =>
          v === '' ||
          (PHONE.test(v) && (v.match(/\d/g)?.length ?? 0) >= CONFIGURATION_LIMITS.phoneMin),
        t.phoneInvalid,
      ),
    analyticsId: z
      .string()
      .trim()
      .refine((v) => v === '' || ANALYTICS_ID.test(v), t.analyticsIdInvalid),
  })
  .transform((v): UpdateAppConfigurationPayload => ({
    shopName: v.shopName,
    shopTagline: v.shopTagline,
    logoUrl: v.logoUrl || null,
    socialUrl: v.socialUrl || null,
    footerNote: v.footerNote,
    contactEmail: v.contactEmail || null,
    contactPhone: v.contactPhone || null,
    analyticsId: v.analyticsId || null,
  }));

export type ConfigurationFormValues = z.input<typeof configurationSchema>;

export const CONFIGURATION_FIELDS = [
  'shopName',
  'shopTagline',
  'logoUrl',
  'socialUrl',
  'footerNote',
  'contactEmail',
  'contactPhone',
  'analyticsId',
] as const satisfies readonly (keyof ConfigurationFormValues)[];

export function toConfigurationValues(
  config: AdminAppConfiguration | undefined,
): ConfigurationFormValues {
  return {
    shopName: config?.shopName ?? '',
    shopTagline: config?.shopTagline ?? '',
    logoUrl: config?.logoUrl ?? null,
    socialUrl: config?.socialUrl ?? '',
    footerNote: config?.footerNote ?? '',
    contactEmail: config?.contactEmail ?? '',
    contactPhone: config?.contactPhone ?? '',
    analyticsId: config?.analyticsId ?? '',
  };
}
