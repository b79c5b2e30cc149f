import { useMemo } from 'react';
import Box from '@mui/material/Box';
import { renderMarkdown } from './render-markdown';

interface SafeMarkdownProps {
  source: string;
  testId?: string;
}

/** Staff-written Markdown shown without raw HTML (see `renderMarkdown`). */
export function SafeMarkdown({ source, testId }: SafeMarkdownProps) {
  const html = useMemo(() => renderMarkdown(source), [source]);
  return (
    <Box
      data-testid={testId}
      sx={{
        typography: 'body2',
        overflowWrap: 'anywhere',
        '& > :first-of-type': { mt: 0 },
        '& > :last-child': { mb: 0 },
        '& p, & ul, & ol': { my: 1 },
        '& ul, & ol': { pl: 3 },
        '& h1, & h2, & h3, & h4': { typography: 'subtitle1', fontWeight: 700, mt: 1.5, mb: 0.5 },
        '& code': { fontFamily: 'monospace', bgcolor: 'action.hover', px: 0.5, borderRadius: 0.5 },
        '& pre': { bgcolor: 'action.hover', p: 1, borderRadius: 1, overflowX: 'auto' },
        '& a': { color: 'primary.main' },
        '& blockquote': {
          borderLeft: 3,
          borderColor: 'divider',
          m: 0,
          pl: 1.5,
          color: 'text.secondary',
        },
      }}
      // The source is rendered with raw HTML escaped and unsafe URLs refused.
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
