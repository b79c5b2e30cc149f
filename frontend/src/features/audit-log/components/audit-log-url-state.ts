import { addShopDays, isShopDay, shopDayStart } from '@/lib/dates/business-day';
import type { FilterCodec } from '@/lib/hooks/use-list-url-state';
import { AUDIT_SOURCES, isAuditAction, type AuditAction, type AuditSource } from '../api/types';

export interface AuditLogFilterValues {
  source: AuditSource;
  actor: string;
  /** One of the source's actions, or '' for all. */
  action: AuditAction | '';
  /** Shop days `YYYY-MM-DD`, both included; '' for open ends. */
  fromDay: string;
  toDay: string;
}

export const INITIAL_AUDIT_FILTERS: AuditLogFilterValues = {
  source: 'store',
  actor: '',
  action: '',
  fromDay: '',
  toDay: '',
};

/** The longest actor the services accept in the filter. */
export const MAX_ACTOR_LENGTH = 100;

const PARAMS = {
  source: 'source',
  actor: 'actor',
  action: 'action',
  fromDay: 'from',
  toDay: 'to',
} as const satisfies Record<keyof AuditLogFilterValues, string>;

function isSource(value: string): value is AuditSource {
  return (AUDIT_SOURCES as readonly string[]).includes(value);
}

/**
 * `?source=identity&action=user_delete&from=2026-11-01&to=2026-11-30`: an action of the
 * other source, an impossible day or an over-long actor read as "no filter", so a
 * hand-edited link never reaches the server as an error.
 */
export const auditLogFilterCodec: FilterCodec<AuditLogFilterValues> = {
  read: (search) => {
    const source = search.get(PARAMS.source) ?? '';
    const filters = {
      ...INITIAL_AUDIT_FILTERS,
      source: isSource(source) ? source : INITIAL_AUDIT_FILTERS.source,
    };
    const actor = search.get(PARAMS.actor) ?? '';
    const action = search.get(PARAMS.action) ?? '';
    const fromDay = search.get(PARAMS.fromDay) ?? '';
    const toDay = search.get(PARAMS.toDay) ?? '';
    return {
      ...filters,
      actor: actor.length <= MAX_ACTOR_LENGTH ? actor : '',
      action: isAuditAction(filters.source, action) ? action : '',
      fromDay: isShopDay(fromDay) ? fromDay : '',
      toDay: isShopDay(toDay) ? toDay : '',
    };
  },
  write: (filters, search) => {
    for (const [key, param] of Object.entries(PARAMS) as [keyof AuditLogFilterValues, string][]) {
      if (filters[key] !== INITIAL_AUDIT_FILTERS[key]) search.set(param, filters[key]);
      else search.delete(param);
    }
  },
};

/**
 * The API's `[from, to)` instants for the chosen shop days, the last day included. A
 * range whose end comes before its start sends no end (the date inputs prevent it; a
 * link might not), rather than a query the server refuses.
 */
export function auditRange(fromDay: string, toDay: string): { from?: string; to?: string } {
  const from = isShopDay(fromDay) ? fromDay : undefined;
  const to = isShopDay(toDay) && (!from || toDay >= from) ? toDay : undefined;
  return {
    from: from && shopDayStart(from),
    to: to && shopDayStart(addShopDays(to, 1)),
  };
}
