import { useEffect } from 'react';

/** Sets `<meta name="description">` (index.html carries a static default), creating it if missing. */
export function useMetaDescription(description: string): void {
  useEffect(() => {
    let meta = document.head.querySelector<HTMLMetaElement>('meta[name="description"]');
    if (!meta) {
      meta = document.createElement('meta');
      meta.name = 'description';
      document.head.append(meta);
    }
    meta.content = description;
  }, [description]);
}
