import type { ReactNode } from 'react';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import ReceiptLongOutlined from '@mui/icons-material/ReceiptLongOutlined';
import { Link as RouterLink } from 'react-router-dom';
import { IMAGES, paths } from '@/config/paths';
import { strings } from '@/i18n/vi-shop';
import { ThemeToggle } from '@/components/ui/theme-toggle';
import { StorefrontFooter, type ShopContact } from './storefront-footer';

interface StorefrontLayoutProps {
  shopName: string;
  logoUrl?: string | null;
  socialUrl?: string | null;
  contact?: ShopContact;
  children: ReactNode;
}

/** Mobile-first public layout: topbar with the shop name and theme toggle, footer. */
export function StorefrontLayout({
  shopName,
  logoUrl,
  socialUrl,
  contact,
  children,
}: StorefrontLayoutProps) {
  return (
    // Whatever the owner typed (a tagline of hashtags, a pasted URL) wraps instead of widening the page.
    <Box
      sx={{
        minHeight: '100vh',
        display: 'flex',
        flexDirection: 'column',
        bgcolor: 'background.default',
        overflowWrap: 'anywhere',
      }}
      data-testid="storefront-layout"
    >
      <AppBar position="sticky" sx={{ borderBottom: 1, borderColor: 'divider' }}>
        <Container maxWidth="lg" disableGutters>
          <Toolbar sx={{ gap: 1 }}>
            <Link
              component={RouterLink}
              to={paths.home}
              underline="none"
              color="inherit"
              sx={{ display: 'flex', alignItems: 'center', gap: 1, minWidth: 0, flexGrow: 1 }}
            >
              <Box
                component="img"
                src={logoUrl || IMAGES.logo}
                alt={strings.app.logoAlt}
                sx={{ width: 32, height: 32, flexShrink: 0 }}
              />
              <Typography
                variant="h6"
                component="span"
                noWrap
                sx={{ fontWeight: 700 }}
                data-testid="shop-name"
              >
                {shopName}
              </Typography>
            </Link>
            <Button
              component={RouterLink}
              to={paths.orderDetail}
              color="inherit"
              startIcon={<ReceiptLongOutlined />}
              aria-label={strings.shell.orderLookup}
              data-testid="header-order-lookup"
              sx={{
                flexShrink: 0,
                minHeight: 44,
                whiteSpace: 'nowrap',
                '& .MuiButton-startIcon': { mr: { xs: 0, sm: 1 } },
              }}
            >
              <Box component="span" sx={{ display: { xs: 'none', sm: 'inline' } }}>
                {strings.shell.orderLookup}
              </Box>
            </Button>
            <ThemeToggle />
          </Toolbar>
        </Container>
      </AppBar>
      <Container component="main" maxWidth="lg" sx={{ flexGrow: 1, py: { xs: 2, sm: 4 } }}>
        {children}
      </Container>
      <StorefrontFooter shopName={shopName} socialUrl={socialUrl} contact={contact} />
    </Box>
  );
}
