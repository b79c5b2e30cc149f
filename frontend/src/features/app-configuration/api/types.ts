import { QUERY_ROOTS } from '@/lib/query-keys';

/** Public shop configuration (api.md, system). */
export interface PublicAppConfiguration {
  shopName: string | null;
  shopTagline: string | null;
  logoUrl: string | null;
  socialUrl: string | null;
  footerNote: string | null;
  contactEmail: string | null;
  contactPhone: string | null;
  analyticsId: string | null;
}

/** What the admin screen reads: the public fields plus who saved last, and when. */
export interface AdminAppConfiguration extends PublicAppConfiguration {
  updatedAt: string | null;
  /** The user name of the last saver; null before the first save. */
  updatedBy: string | null;
}

/** PUT body: a field left out stays; `null` clears an optional field. */
export interface UpdateAppConfigurationPayload {
  shopName?: string;
  shopTagline?: string;
  logoUrl?: string | null;
  socialUrl?: string | null;
  footerNote?: string;
  contactEmail?: string | null;
  contactPhone?: string | null;
  analyticsId?: string | null;
}

export const CONFIGURATION_PATHS = {
  web: '/system/api/web/v1/Configuration/AppConfiguration',
  admin: '/system/api/admin/v1/Configuration/AppConfiguration',
} as const;

export const appConfigurationKeys = {
  all: [QUERY_ROOTS.appConfiguration] as const,
  web: [QUERY_ROOTS.appConfiguration, 'web'] as const,
  admin: [QUERY_ROOTS.appConfiguration, 'admin'] as const,
};
