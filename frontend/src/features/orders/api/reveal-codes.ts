import { api } from '@/lib/api/client';
import { orderEndpoints, type RevealedCode } from './types';
import { useOrderMutation } from './use-order-mutation';

function text(value: unknown): string | null {
  return typeof value === 'string' && value !== '' ? value : null;
}

/**
 * The codes of a RevealCodes answer (`{items: [{productName, codes: [{id, code, ...}]}]}`),
 * also accepting a bare list of codes or of strings.
 */
export function normalizeRevealedCodes(
  result: unknown,
  productName: string | null = null,
): RevealedCode[] {
  if (Array.isArray(result)) {
    return result.flatMap((entry): RevealedCode[] => {
      if (typeof entry === 'string')
        return [
          {
            id: null,
            code: entry,
            productName,
            maskedCode: null,
            serial: null,
            replacement: false,
            replaced: false,
          },
        ];
      if (typeof entry !== 'object' || entry === null) return [];
      const record = entry as Record<string, unknown>;
      const name = text(record.productName) ?? productName;
      if (Array.isArray(record.codes)) return normalizeRevealedCodes(record.codes, name);
      const code = text(record.code);
      if (!code) return [];
      return [
        {
          id: text(record.id) ?? text(record.codeId),
          code,
          productName: name,
          maskedCode: text(record.maskedCode),
          serial: text(record.serial),
          replacement: record.replacement === true,
          replaced: record.replaced === true,
        },
      ];
    });
  }
  if (typeof result === 'object' && result !== null) {
    const record = result as Record<string, unknown>;
    if (Array.isArray(record.codes)) return normalizeRevealedCodes(record.codes, productName);
    if (Array.isArray(record.items)) return normalizeRevealedCodes(record.items, productName);
  }
  return [];
}

/** POST admin Order/RevealCodes: the order's codes in clear; every call is audited. */
export async function revealCodes(id: string): Promise<RevealedCode[]> {
  return normalizeRevealedCodes(await api.post<unknown>(orderEndpoints.revealCodes, { id }));
}

export function useRevealCodes() {
  return useOrderMutation(revealCodes);
}
