/**
 * The server's VietQR string (NAPAS EMVCo: two-digit tag, two-digit length, value; tag 54
 * the amount, tag 63 the CRC-16/CCITT-FALSE of everything before its value) holds the
 * order's full amount. After a partial payment the shopper scans for the remainder: the
 * same string with tag 54 set to it and the CRC computed again, nothing else touched.
 */

interface Field {
  tag: string;
  value: string;
}

/** The top-level fields in order, or null when the text is not well-formed TLV. */
function parseFields(payload: string): Field[] | null {
  const fields: Field[] = [];
  let at = 0;
  while (at < payload.length) {
    const tag = payload.slice(at, at + 2);
    const lengthText = payload.slice(at + 2, at + 4);
    if (!/^\d{2}$/.test(tag) || !/^\d{2}$/.test(lengthText)) return null;
    const end = at + 4 + Number(lengthText);
    if (end > payload.length) return null;
    fields.push({ tag, value: payload.slice(at + 4, end) });
    at = end;
  }
  return fields;
}

function field(tag: string, value: string): string {
  return `${tag}${String(value.length).padStart(2, '0')}${value}`;
}

/** CRC-16/CCITT-FALSE (polynomial 0x1021, initial 0xFFFF), as paymentprovider computes it. */
export function crc16CcittFalse(text: string): number {
  let crc = 0xffff;
  for (let index = 0; index < text.length; index += 1) {
    crc ^= text.charCodeAt(index) << 8;
    for (let bit = 0; bit < 8; bit += 1) {
      crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
    }
  }
  return crc;
}

/**
 * `payload` asking for `amount` VND instead, or null when it cannot be rewritten (not the
 * ASCII TLV the server writes, no amount field, no CRC last, or an amount that is not a
 * positive whole number of at most 13 digits): the page then shows no QR rather than a
 * wrong one.
 */
export function vietQrWithAmount(payload: string, amount: number): string | null {
  if (!Number.isSafeInteger(amount) || amount <= 0 || String(amount).length > 13) return null;
  // Printable ASCII only: the lengths count characters, the CRC counts bytes.
  if (!/^[\x20-\x7e]+$/.test(payload)) return null;
  const fields = parseFields(payload);
  const last = fields?.at(-1);
  if (!fields || last?.tag !== '63' || last.value.length !== 4) return null;
  if (!fields.some((entry) => entry.tag === '54')) return null;
  const body = fields
    .slice(0, -1)
    .map((entry) => field(entry.tag, entry.tag === '54' ? String(amount) : entry.value))
    .join('');
  const signed = `${body}6304`;
  return `${signed}${crc16CcittFalse(signed).toString(16).toUpperCase().padStart(4, '0')}`;
}
