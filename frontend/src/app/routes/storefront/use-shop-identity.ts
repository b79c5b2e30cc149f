import { useAppConfiguration } from '@/features/app-configuration/api/get-app-configuration';
import { strings } from '@/i18n/vi-shop';

/** Shop name and links from AppConfiguration, with the catalogue's defaults on any error. */
export function useShopIdentity() {
  const { data } = useAppConfiguration();
  return {
    shopName: data?.shopName?.trim() || strings.app.defaultShopName,
    tagline: data?.shopTagline?.trim() || null,
    logoUrl: data?.logoUrl ?? null,
    socialUrl: data?.socialUrl ?? null,
    analyticsId: data?.analyticsId?.trim() || null,
    description: data?.shopTagline?.trim() || strings.shell.defaultDescription,
    contact: {
      footerNote: data?.footerNote ?? null,
      contactEmail: data?.contactEmail ?? null,
      contactPhone: data?.contactPhone ?? null,
    },
  };
}
