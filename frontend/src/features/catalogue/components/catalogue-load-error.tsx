import { LoadErrorAlert } from '@/components/ui/load-error-alert';
import { strings } from '@/i18n/vi-shop';

/** The catalogue could not be read: the message and a retry. */
export function CatalogueLoadError({ onRetry }: { onRetry: () => void }) {
  return <LoadErrorAlert onRetry={onRetry}>{strings.storefront.loadError}</LoadErrorAlert>;
}
