import type { ApiPath, ApiSchema } from '@/lib/api/schemas';
import { QUERY_ROOTS } from '@/lib/api/query-keys';

/** Public shop configuration (system). */
export type PublicAppConfiguration = ApiSchema<'PublicConfiguration'>;

/** What the admin screen reads: the public fields plus who saved last (`updatedBy`, null before the first save), and when. */
export type AdminAppConfiguration = ApiSchema<'AppConfiguration'>;

/** PUT body: a field left out stays; `null` clears an optional field. */
export type UpdateAppConfigurationPayload = ApiSchema<'AppConfigurationUpdate'>;

export const CONFIGURATION_PATHS = {
  web: '/system/api/web/v1/Configuration/AppConfiguration',
  admin: '/system/api/admin/v1/Configuration/AppConfiguration',
} as const satisfies Record<string, ApiPath>;

export const appConfigurationKeys = {
  all: [QUERY_ROOTS.appConfiguration] as const,
  web: [QUERY_ROOTS.appConfiguration, 'web'] as const,
  admin: [QUERY_ROOTS.appConfiguration, 'admin'] as const,
};
