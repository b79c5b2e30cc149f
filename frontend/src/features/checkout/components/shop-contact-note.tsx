import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { safeExternalUrl } from '@/lib/url';

interface ShopContactNoteProps {
  /** A sentence in three parts: the middle one links to the shop's social page. */
  text: { before: string; link: string; after: string };
  socialUrl: string | null | undefined;
  testId?: string;
}

/** A sentence pointing to the shop's social page (from AppConfiguration), plain text without one. */
export function ShopContactNote({ text, socialUrl, testId }: ShopContactNoteProps) {
  const href = safeExternalUrl(socialUrl);
  return (
    <Typography variant="body2" data-testid={testId}>
      {text.before}
      {href ? (
        <Link href={href} target="_blank" rel="noopener noreferrer">
          {text.link}
        </Link>
      ) : (
        text.link
      )}
      {text.after}
    </Typography>
  );
}
