import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { PageHeader } from '@/components/ui/page-header';
import { strings } from '@/i18n/vi';
import { useDebouncedValue } from '@/lib/hooks/use-debounced-value';
import { useListUrlState } from '@/lib/hooks/use-list-url-state';
import { useAuditLog } from '../api/get-audit-log';
import { AUDIT_SOURCES, type AuditSource } from '../api/types';
import { AuditLogFilters } from './audit-log-filters';
import { AuditLogTable } from './audit-log-table';
import { auditLogFilterCodec, auditRange } from './audit-log-url-state';

const LIST = { codec: auditLogFilterCodec };

/**
 * The admin audit log (admin only, by the route guard): one tab per service that keeps
 * a log, newest first, filters and page in the URL.
 */
export function AuditLogScreen() {
  const t = strings.auditLog;
  const { filters, setFilters, page, pageProps } = useListUrlState(LIST);
  const actor = useDebouncedValue(filters.actor.trim());
  const log = useAuditLog(filters.source, {
    ...page,
    actor: actor || undefined,
    action: filters.action || undefined,
    ...auditRange(filters.fromDay, filters.toDay),
  });

  // The other source has other actions; actor and days carry over.
  const onSourceChange = (source: AuditSource) => setFilters({ ...filters, source, action: '' });

  return (
    <>
      <PageHeader title={t.title} />
      <Tabs
        value={filters.source}
        onChange={(_, source: AuditSource) => onSourceChange(source)}
        aria-label={t.sourcesLabel}
        variant="scrollable"
        allowScrollButtonsMobile
        sx={{ mb: 2, borderBottom: 1, borderColor: 'divider' }}
      >
        {AUDIT_SOURCES.map((source) => (
          <Tab
            key={source}
            value={source}
            label={t.sources[source]}
            data-testid={`audit-log-tab-${source}`}
          />
        ))}
      </Tabs>
      <AuditLogFilters value={filters} onChange={setFilters} />
      <AuditLogTable
        label={t.tableLabel(t.sources[filters.source])}
        data={log.data}
        isFetching={log.isFetching}
        error={log.error}
        onRetry={() => void log.refetch()}
        {...pageProps}
      />
    </>
  );
}
