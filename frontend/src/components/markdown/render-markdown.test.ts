import { describe, expect, it } from 'vitest';
import { renderMarkdown } from './render-markdown';

describe('renderMarkdown', () => {
  it('renders lists, emphasis and code', () => {
    const html = renderMarkdown('1. Bấm **\\*100\\*mã thẻ#**\n2. Gọi `OK`');
    expect(html).toContain('<ol>');
    expect(html).toContain('<strong>*100*mã thẻ#</strong>');
    expect(html).toContain('<code>OK</code>');
  });

  it('escapes raw HTML instead of rendering it', () => {
    const html = renderMarkdown('<script>alert(1)</script>\n\n<img src=x onerror=alert(1)>');
    expect(html).not.toContain('<script');
    expect(html).not.toContain('<img');
    expect(html).toContain('&lt;script&gt;');
  });

  it('opens links in a new tab without the page, and refuses javascript: links', () => {
    const html = renderMarkdown(
      '[nạp thẻ](https://viettel.vn/nap-the) [x](javascript:alert(1)) https://shop.vn',
    );
    expect(html).toContain(
      '<a href="https://viettel.vn/nap-the" target="_blank" rel="noopener noreferrer nofollow">nạp thẻ</a>',
    );
    expect(html).not.toContain('href="javascript:');
    expect(html).toContain(
      '<a href="https://shop.vn" target="_blank" rel="noopener noreferrer nofollow">',
    );
  });

  it('leaves images out', () => {
    expect(renderMarkdown('![pixel](https://tracker.example/p.gif)')).not.toContain('<img');
  });
});
