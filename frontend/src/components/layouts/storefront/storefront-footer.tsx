import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { paths } from '@/config/paths';
import { strings } from '@/i18n/vi-shop';
import { mailtoHref, safeExternalUrl, telHref } from '@/lib/url';

/** What the owner set in AppConfiguration for the footer; null for what is not set. */
export interface ShopContact {
  footerNote: string | null;
  contactEmail: string | null;
  contactPhone: string | null;
}

interface StorefrontFooterProps {
  shopName: string;
  socialUrl?: string | null;
  contact?: ShopContact;
}

function ContactLine({
  label,
  href,
  text,
  testId,
}: {
  label: string;
  href: string | null;
  text: string;
  testId: string;
}) {
  return (
    <Typography
      variant="body2"
      color="text.secondary"
      component="li"
      data-testid={testId}
      sx={{ overflowWrap: 'anywhere' }}
    >
      {label}:{' '}
      {href ? (
        <Link href={href} sx={{ overflowWrap: 'anywhere' }}>
          {text}
        </Link>
      ) : (
        text
      )}
    </Typography>
  );
}

export function StorefrontFooter({ shopName, socialUrl, contact }: StorefrontFooterProps) {
  const href = safeExternalUrl(socialUrl);
  const { before, link, after } = strings.storefront.footerCoupon;
  const t = strings.shell.footer;
  const email = contact?.contactEmail?.trim();
  const phone = contact?.contactPhone?.trim();
  const note = contact?.footerNote?.trim();
  return (
    <Box
      component="footer"
      sx={{ borderTop: 1, borderColor: 'divider', py: 3, bgcolor: 'background.paper' }}
    >
      <Container maxWidth="lg">
        {note && (
          <Typography
            variant="body2"
            sx={{ mb: 1, whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}
            data-testid="footer-note"
          >
            {note}
          </Typography>
        )}
        {(email || phone) && (
          <Box
            component="ul"
            aria-label={t.contactLabel}
            sx={{ listStyle: 'none', p: 0, m: 0, mb: 1 }}
            data-testid="footer-contact"
          >
            {email && (
              <ContactLine
                label={t.email}
                href={mailtoHref(email)}
                text={email}
                testId="footer-email"
              />
            )}
            {phone && (
              <ContactLine
                label={t.phone}
                href={telHref(phone)}
                text={phone}
                testId="footer-phone"
              />
            )}
          </Box>
        )}
        <Typography variant="body2" sx={{ mb: 1 }}>
          <Link
            component={RouterLink}
            to={paths.orderDetail}
            data-testid="footer-order-lookup"
            sx={{ display: 'inline-flex', alignItems: 'center', minHeight: 44 }}
          >
            {strings.shell.orderLookup}
          </Link>
        </Typography>
        <Typography
          variant="body2"
          color="text.secondary"
          data-testid="footer-coupon-note"
          sx={{ overflowWrap: 'anywhere' }}
        >
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
        <Typography
          variant="caption"
          color="text.secondary"
          component="p"
          sx={{ mt: 1, overflowWrap: 'anywhere' }}
        >
          {strings.app.copyright(new Date().getFullYear(), shopName)}
        </Typography>
      </Container>
    </Box>
  );
}
