//! VietQR payloads: the NAPAS EMVCo merchant-presented QR string that banking apps scan to
//! fill in a transfer (bank, account, amount and memo).
//!
//! Layout (each field is a two-digit tag, a two-digit length and the value):
//! `00`=`01` (format), `01`=`12` (dynamic: the amount is set), `38`={`00`=`A000000727`
//! (NAPAS), `01`={`00`=BIN, `01`=account number}, `02`=`QRIBFTTA` (transfer to an
//! account)}, `53`=`704` (VND), `54`=amount, `58`=`VN`, `62`={`08`=memo}, then `63`=the
//! CRC-16/CCITT-FALSE of everything before it, `6304` included, as 4 upper-case hex digits.

use std::fmt::Write as _;

/// NAPAS's application id inside tag 38.
pub const NAPAS_GUID: &str = "A000000727";
/// Service code for a transfer to a bank account.
pub const SERVICE_TO_ACCOUNT: &str = "QRIBFTTA";
/// ISO 4217 numeric code of the Vietnamese dong.
pub const CURRENCY_VND: &str = "704";

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum VietQrError {
    /// A TLV value cannot be longer than 99 characters (two length digits).
    #[error("field {tag} is {len} characters long (at most 99)")]
    TooLong { tag: &'static str, len: usize },
    #[error("the amount must be positive")]
    Amount,
}

/// What goes into a payload.
#[derive(Debug, Clone, Copy)]
pub struct Transfer<'a> {
    pub bank_bin: &'a str,
    pub account_number: &'a str,
    /// VND, positive.
    pub amount: i64,
    /// The transfer memo (the order code).
    pub memo: &'a str,
}

/// Appends one field: tag, two-digit length (in characters), value.
fn field(out: &mut String, tag: &'static str, value: &str) -> Result<(), VietQrError> {
    let len = value.chars().count();
    if len > 99 {
        return Err(VietQrError::TooLong { tag, len });
    }
    out.push_str(tag);
    let _ = write!(out, "{len:02}");
    out.push_str(value);
    Ok(())
}

/// CRC-16/CCITT-FALSE: polynomial 0x1021, initial 0xFFFF, no reflection, no final xor.
pub fn crc16_ccitt_false(data: &[u8]) -> u16 {
    let mut crc: u16 = 0xFFFF;
    for byte in data {
        crc ^= u16::from(*byte) << 8;
        for _ in 0..8 {
            crc = if crc & 0x8000 != 0 {
                (crc << 1) ^ 0x1021
            } else {
                crc << 1
            };
        }
    }
    crc
}

/// The full payload for a transfer, CRC included.
pub fn payload(t: &Transfer<'_>) -> Result<String, VietQrError> {
    if t.amount <= 0 {
        return Err(VietQrError::Amount);
    }
    let mut beneficiary = String::new();
    field(&mut beneficiary, "00", t.bank_bin)?;
    field(&mut beneficiary, "01", t.account_number)?;
    let mut merchant = String::new();
    field(&mut merchant, "00", NAPAS_GUID)?;
    field(&mut merchant, "01", &beneficiary)?;
    field(&mut merchant, "02", SERVICE_TO_ACCOUNT)?;
    let mut additional = String::new();
    field(&mut additional, "08", t.memo)?;

    let mut out = String::with_capacity(160);
    field(&mut out, "00", "01")?;
    field(&mut out, "01", "12")?;
    field(&mut out, "38", &merchant)?;
    field(&mut out, "53", CURRENCY_VND)?;
    field(&mut out, "54", &t.amount.to_string())?;
    field(&mut out, "58", "VN")?;
    field(&mut out, "62", &additional)?;
    out.push_str("6304");
    let crc = crc16_ccitt_false(out.as_bytes());
    let _ = write!(out, "{crc:04X}");
    Ok(out)
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    /// A tiny TLV parser: (tag, value) pairs, in order; panics on malformed input.
    fn parse(mut s: &str) -> Vec<(String, String)> {
        let mut fields = Vec::new();
        while !s.is_empty() {
            let tag = &s[..2];
            let len: usize = s[2..4].parse().unwrap();
            let value = &s[4..4 + len];
            fields.push((tag.to_owned(), value.to_owned()));
            s = &s[4 + len..];
        }
        fields
    }

    fn get<'a>(fields: &'a [(String, String)], tag: &str) -> &'a str {
        fields
            .iter()
            .find(|(t, _)| t == tag)
            .map(|(_, v)| v.as_str())
            .unwrap()
    }

    const SAMPLE: Transfer<'static> = Transfer {
        bank_bin: "970436",
        account_number: "0011001234567",
        amount: 100_000,
        memo: "DH12345678",
    };

    #[test]
    fn crc_check_value() {
        assert_eq!(crc16_ccitt_false(b"123456789"), 0x29B1);
        assert_eq!(crc16_ccitt_false(b""), 0xFFFF);
    }

    #[test]
    fn payload_matches_a_hand_built_string() {
        // 38 = 00 10 A000000727 | 01 27 (00 06 970436 | 01 13 0011001234567) | 02 08 QRIBFTTA
        let body = "000201\
                    010212\
                    3857\
                    0010A000000727\
                    0127\
                    0006970436\
                    01130011001234567\
                    0208QRIBFTTA\
                    5303704\
                    5406100000\
                    5802VN\
                    6214\
                    0810DH12345678\
                    6304";
        let expected = format!("{body}{:04X}", crc16_ccitt_false(body.as_bytes()));
        assert_eq!(payload(&SAMPLE).unwrap(), expected);
    }

    #[test]
    fn parser_round_trip() {
        let qr = payload(&SAMPLE).unwrap();
        let fields = parse(&qr);
        let tags: Vec<_> = fields.iter().map(|(t, _)| t.as_str()).collect();
        assert_eq!(tags, ["00", "01", "38", "53", "54", "58", "62", "63"]);
        assert_eq!(get(&fields, "00"), "01");
        assert_eq!(get(&fields, "01"), "12");
        assert_eq!(get(&fields, "53"), "704");
        assert_eq!(get(&fields, "54"), "100000");
        assert_eq!(get(&fields, "58"), "VN");
        let merchant = parse(get(&fields, "38"));
        assert_eq!(get(&merchant, "00"), NAPAS_GUID);
        assert_eq!(get(&merchant, "02"), SERVICE_TO_ACCOUNT);
        let beneficiary = parse(get(&merchant, "01"));
        assert_eq!(get(&beneficiary, "00"), "970436");
        assert_eq!(get(&beneficiary, "01"), "0011001234567");
        let additional = parse(get(&fields, "62"));
        assert_eq!(get(&additional, "08"), "DH12345678");
        // The CRC covers everything before its own value.
        let crc = get(&fields, "63");
        assert_eq!(crc.len(), 4);
        assert_eq!(crc, crc.to_uppercase());
        let covered = &qr[..qr.len() - 4];
        assert!(covered.ends_with("6304"));
        assert_eq!(
            u16::from_str_radix(crc, 16).unwrap(),
            crc16_ccitt_false(covered.as_bytes())
        );
    }

    #[test]
    fn rejects_long_fields_and_bad_amounts() {
        let memo = "M".repeat(100);
        assert_eq!(
            payload(&Transfer {
                memo: &memo,
                ..SAMPLE
            }),
            Err(VietQrError::TooLong {
                tag: "08",
                len: 100
            })
        );
        // 99 characters fit in the memo field, but not inside tag 62's own 99.
        let memo = "M".repeat(99);
        assert!(matches!(
            payload(&Transfer {
                memo: &memo,
                ..SAMPLE
            }),
            Err(VietQrError::TooLong { tag: "62", .. })
        ));
        assert_eq!(
            payload(&Transfer {
                amount: 0,
                ..SAMPLE
            }),
            Err(VietQrError::Amount)
        );
    }
}
