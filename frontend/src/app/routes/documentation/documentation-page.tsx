import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { CopyIconButton } from '@/components/ui/copy-button';
import { PageHeader } from '@/components/ui/page-header';
import { SERIAL_CODE_LIMITS, UPLOAD_FILE_MAX_BYTES } from '@/config/limits';
import { usePaymentMethods } from '@/features/checkout/api/get-payment-methods';
import { IMPORT_CHUNK_SIZE } from '@/features/serial-codes/utils/code-import';
import { documentation as t } from '@/i18n/vi/guide';
import { strings } from '@/i18n/vi';
import { formatNumber } from '@/lib/format';
import { useDocumentTitle } from '@/lib/hooks/use-document-title';
import {
  OPENAPI_SERVICES,
  openApiPath,
  sepayWebhookTemplate,
  sepayWebhookUrl,
} from './webhook-url';

/** The import dialog reads files of up to 32 MB in the browser. */
const IMPORT_FILE_MAX_MB = 32;

const MONO = 'ui-monospace, SFMono-Regular, Menlo, Consolas, "Liberation Mono", monospace';

const SECTIONS = [
  { id: 'san-pham', title: t.products.title },
  { id: 'nhap-ma', title: t.codes.title },
  { id: 'thanh-toan', title: t.provider.title },
  { id: 'don-hang', title: t.orders.title },
  { id: 'nguoi-dung', title: t.users.title },
  { id: 'api', title: t.api.title },
] as const;

type SectionId = (typeof SECTIONS)[number]['id'];

function GuideSection({ id, children }: { id: SectionId; children: ReactNode }) {
  const title = SECTIONS.find((section) => section.id === id)?.title;
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby={`${id}-title`}
      sx={{ p: { xs: 2, sm: 3 } }}
      id={id}
    >
      <Typography id={`${id}-title`} variant="h6" component="h2" sx={{ mb: 1.5 }}>
        {title}
      </Typography>
      <Stack spacing={1.5}>{children}</Stack>
    </Paper>
  );
}

function Steps({ items, ordered = true }: { items: readonly string[]; ordered?: boolean }) {
  return (
    <Box component={ordered ? 'ol' : 'ul'} sx={{ m: 0, pl: 3, '& li': { mb: 0.75 } }}>
      {items.map((item) => (
        <Typography component="li" variant="body2" key={item}>
          {item}
        </Typography>
      ))}
    </Box>
  );
}

/** Named things (actions, roles), each with a line on what it is. */
function NamedList({ items }: { items: readonly { name: string; text: string }[] }) {
  return (
    <List dense disablePadding>
      {items.map((item) => (
        <ListItem key={item.name} disableGutters>
          <ListItemText
            primary={item.name}
            secondary={item.text}
            slotProps={{ primary: { sx: { fontWeight: 600 } } }}
          />
        </ListItem>
      ))}
    </List>
  );
}

function Subtitle({ children }: { children: ReactNode }) {
  return (
    <Typography variant="subtitle2" component="h3">
      {children}
    </Typography>
  );
}

/** A value to paste elsewhere: monospace, wrapping, with a copy button. */
function CopyValue({ value, label, testId }: { value: string; label: string; testId: string }) {
  return (
    <Stack
      direction="row"
      spacing={1}
      sx={{ alignItems: 'center', bgcolor: 'action.hover', borderRadius: 1, px: 1.5, py: 0.5 }}
    >
      <Typography
        variant="body2"
        sx={{ fontFamily: MONO, wordBreak: 'break-all', flexGrow: 1 }}
        data-testid={testId}
      >
        {value}
      </Typography>
      <CopyIconButton text={value} label={label} />
    </Stack>
  );
}

/** Each active VietQR account's exact URL, from the public list the storefront reads too. */
function ProviderWebhookUrls() {
  const providers = usePaymentMethods();
  const banks = (providers.data ?? []).filter((provider) => provider.type === 'vietqr_bank');
  if (providers.isPending || providers.isError) return null;
  return (
    <>
      <Subtitle>{t.provider.activeProviders}</Subtitle>
      {banks.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {t.provider.noProviders}
        </Typography>
      ) : (
        banks.map((provider) => (
          <Stack key={provider.id} spacing={0.5}>
            <Typography variant="body2" sx={{ fontWeight: 600 }}>
              {provider.bankName ? `${provider.name} · ${provider.bankName}` : provider.name}
            </Typography>
            <CopyValue
              value={sepayWebhookUrl(provider.id)}
              label={t.provider.copyUrl(provider.name)}
              testId="guide-provider-webhook-url"
            />
          </Stack>
        ))
      )}
    </>
  );
}

/** `/documentation`: the staff guide, with this shop's own webhook URL and API documents. */
export function DocumentationPage() {
  useDocumentTitle(t.title);
  return (
    <Stack spacing={2} data-testid="documentation" sx={{ maxWidth: 960 }}>
      <div>
        <PageHeader title={t.title} />
        <Typography color="text.secondary">{t.intro}</Typography>
      </div>
      <Paper variant="outlined" component="nav" aria-label={t.toc} sx={{ p: 2 }}>
        <Subtitle>{t.toc}</Subtitle>
        <Box component="ol" sx={{ m: 0, mt: 1, pl: 3 }}>
          {SECTIONS.map((section) => (
            <li key={section.id}>
              <Link href={`#${section.id}`}>{section.title}</Link>
            </li>
          ))}
        </Box>
      </Paper>

      <GuideSection id="san-pham">
        <Steps items={t.products.steps(UPLOAD_FILE_MAX_BYTES / 1024 / 1024)} />
        <Typography variant="body2" color="text.secondary">
          {t.products.delete}
        </Typography>
      </GuideSection>

      <GuideSection id="nhap-ma">
        <Steps items={t.codes.steps} />
        <Subtitle>{t.codes.limitsTitle}</Subtitle>
        <Steps
          ordered={false}
          items={t.codes.limits(
            SERIAL_CODE_LIMITS.codeMax,
            formatNumber(SERIAL_CODE_LIMITS.bulkMaxCodes),
            formatNumber(IMPORT_CHUNK_SIZE),
            IMPORT_FILE_MAX_MB,
          )}
        />
        <Subtitle>{t.codes.duplicatesTitle}</Subtitle>
        <Steps ordered={false} items={t.codes.duplicates} />
      </GuideSection>

      <GuideSection id="thanh-toan">
        <Steps items={t.provider.steps} />
        <Subtitle>{t.provider.sepayTitle}</Subtitle>
        <Steps items={strings.paymentProviders.sepaySteps('apikey')} />
        <Typography variant="body2" color="text.secondary">
          {t.provider.sepayAuthNote}
        </Typography>
        <Subtitle>{t.provider.urlTitle}</Subtitle>
        <CopyValue
          value={sepayWebhookTemplate()}
          label={t.provider.copyTemplate}
          testId="guide-webhook-url"
        />
        <Typography variant="body2" color="text.secondary">
          {t.provider.urlHelp}
        </Typography>
        <ProviderWebhookUrls />
        <Subtitle>{t.provider.secretTitle}</Subtitle>
        <Typography variant="body2">{t.provider.secretBody}</Typography>
        <CopyValue
          value={t.provider.secretHeader}
          label={t.provider.secretTitle}
          testId="guide-webhook-header"
        />
        <Typography variant="body2" color="text.secondary">
          {t.provider.secretNote}
        </Typography>
      </GuideSection>

      <GuideSection id="don-hang">
        <Typography variant="body2">{t.orders.intro}</Typography>
        <NamedList items={t.orders.actions} />
        <Typography variant="body2">{t.orders.attention}</Typography>
        <Typography variant="body2">{t.orders.notifications}</Typography>
      </GuideSection>

      <GuideSection id="nguoi-dung">
        <Typography variant="body2">{t.users.intro}</Typography>
        <NamedList items={t.users.roles} />
        <Typography variant="body2">{t.users.passwords}</Typography>
      </GuideSection>

      <GuideSection id="api">
        <Typography variant="body2">{t.api.intro}</Typography>
        <Box component="ul" sx={{ m: 0, pl: 3 }}>
          {OPENAPI_SERVICES.map((service) => (
            <Typography component="li" variant="body2" key={service}>
              <Link
                href={openApiPath(service)}
                target="_blank"
                rel="noopener"
                sx={{ fontFamily: MONO }}
                data-testid={`openapi-${service}`}
              >
                {openApiPath(service)}
              </Link>{' '}
              · {t.api.services[service]}
            </Typography>
          ))}
        </Box>
      </GuideSection>
    </Stack>
  );
}
