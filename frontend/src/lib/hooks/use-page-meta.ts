import { useEffect } from 'react';

/**
 * What a page tells search engines and link previews, as the gateway writes it into the
 * HTML it serves (gateway/src/page_meta/render.rs). The document's title is
 * `useDocumentTitle`'s.
 */
export interface PageMeta {
  /** `og:title`, `twitter:title`. */
  title: string;
  /** `description`, `og:description`, `twitter:description`. */
  description: string;
  /** Absolute: the canonical link and `og:url`. */
  url: string;
  /** Absolute: `og:image`, `twitter:image`. */
  image: string;
  /** `og:type`: `website` or `product`. */
  type: string;
}

type Kind = 'name' | 'property' | 'link';

const TAGS: readonly [Kind, string, keyof PageMeta][] = [
  ['name', 'description', 'description'],
  ['link', 'canonical', 'url'],
  ['property', 'og:type', 'type'],
  ['property', 'og:title', 'title'],
  ['property', 'og:description', 'description'],
  ['property', 'og:url', 'url'],
  ['property', 'og:image', 'image'],
  ['name', 'twitter:title', 'title'],
  ['name', 'twitter:description', 'description'],
  ['name', 'twitter:image', 'image'],
];

/** The gateway's fallback image: the shop's own logo file. */
const DEFAULT_IMAGE = '/images/logo.svg';
/** Search engines show about this many characters of a description. */
const DESCRIPTION_CHARS = 160;

const utf8 = new TextEncoder();

/**
 * Plain text of at most 160 characters from a summary or a Markdown description, cut as
 * the gateway cuts it: whitespace collapsed, heading and quote marks, `*` and `` ` `` dropped.
 */
export function excerpt(text: string): string {
  const plain = text
    .split('\n')
    .map((line) => line.trimStart().replace(/^[#>]+/, ''))
    .join(' ')
    .replace(/[*`]/g, '');
  const joined = plain.split(/\s+/).filter(Boolean).join(' ');
  const chars = Array.from(joined);
  if (chars.length <= DESCRIPTION_CHARS) return joined;
  let cut = chars.slice(0, DESCRIPTION_CHARS - 1).join('');
  // End on a word when one ends reasonably late (the gateway measures in UTF-8 bytes).
  const at = cut.lastIndexOf(' ');
  if (at >= 0 && utf8.encode(cut.slice(0, at)).length > Math.floor(utf8.encode(cut).length / 2))
    cut = cut.slice(0, at);
  return `${cut.trimEnd()}…`;
}

/**
 * The first of `urls` that can be published, made absolute on this origin (an
 * `http(s)://` URL as it is, a `/path` on the origin), else the shop's logo file.
 */
export function shareImage(...urls: (string | null | undefined)[]): string {
  for (const raw of urls) {
    const url = raw?.trim() ?? '';
    if (url.startsWith('https://') || url.startsWith('http://')) return url;
    if (url.startsWith('/') && !url.startsWith('//')) return `${window.location.origin}${url}`;
  }
  return `${window.location.origin}${DEFAULT_IMAGE}`;
}

function find(kind: Kind, key: string): HTMLElement | null {
  return document.head.querySelector<HTMLElement>(
    kind === 'link' ? `link[rel="${key}"]` : `meta[${kind}="${key}"]`,
  );
}

/**
 * Keeps the page's description, canonical link and Open Graph/Twitter tags in step on
 * client navigation, creating a tag the served HTML lacked; on unmount (or a change) puts
 * back what was there, so the previous page finds its own again. `null` (still loading)
 * leaves them as they are.
 */
export function usePageMeta(meta: PageMeta | null): void {
  const active = meta !== null;
  const { title = '', description = '', url = '', image = '', type = '' } = meta ?? {};
  useEffect(() => {
    if (!active) return;
    const values: PageMeta = { title, description, url, image, type };
    const undo = TAGS.map(([kind, key, field]) => {
      const attr = kind === 'link' ? 'href' : 'content';
      let element = find(kind, key);
      const created = !element;
      if (!element) {
        element = document.createElement(kind === 'link' ? 'link' : 'meta');
        element.setAttribute(kind === 'link' ? 'rel' : kind, key);
        document.head.append(element);
      }
      const before = element.getAttribute(attr);
      element.setAttribute(attr, values[field]);
      const tag = element;
      return () => {
        if (created) tag.remove();
        else if (before === null) tag.removeAttribute(attr);
        else tag.setAttribute(attr, before);
      };
    });
    return () => undo.forEach((restore) => restore());
  }, [active, title, description, url, image, type]);
}
