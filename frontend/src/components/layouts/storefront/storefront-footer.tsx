import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { vi } from '@/i18n/vi';
import { safeExternalUrl } from '@/lib/url';

interface StorefrontFooterProps {
  shopName: string;
  socialUrl?: string | null;
}

export function StorefrontFooter({ shopName, socialUrl }: StorefrontFooterProps) {
  const href = safeExternalUrl(socialUrl);
  const { before, link, after } = vi.storefront.footerCoupon;
  return (
    <Box component="footer" sx={{ borderTop: 1, borderColor: 'divider', py: 3, bgcolor: 'background.paper' }}>
      <Container maxWidth="lg">
        <Typography variant="body2" color="text.secondary" data-testid="footer-coupon-note">
          {before}
          {href ? (
            <Link href={href} target="_blank" rel="noopener noreferrer">
              {link}
            </Link>
          ) : (
            link
          )}
          {after}
        </Typography>
        <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 1 }}>
          {vi.app.copyright(new Date().getFullYear(), shopName)}
        </Typography>
      </Container>
    </Box>
  );
}
