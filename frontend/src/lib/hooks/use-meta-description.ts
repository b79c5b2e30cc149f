import { useEffect } from 'react';

/**
 * Sets `<meta name="description">` (index.html carries a static default), creating it if
 * missing; `null` leaves it as it is (a product page keeps the one the gateway wrote).
 */
export function useMetaDescription(description: string | null): void {
  useEffect(() => {
    if (description === null) return;
    let meta = document.head.querySelector<HTMLMetaElement>('meta[name="description"]');
    if (!meta) {
      meta = document.createElement('meta');
      meta.name = 'description';
      document.head.append(meta);
    }
    meta.content = description;
  }, [description]);
}
