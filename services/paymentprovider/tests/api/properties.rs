//! Property tests of the pure parts of the payment flow: the VietQR payload a banking app
//! scans (decoded here by an independent EMVCo TLV parser) and the order code found in a
//! bank-transfer memo.

use paymentprovider::domain::order_code::{self, OrderCode};
use paymentprovider::vietqr::{self, Transfer, VietQrError};
use proptest::prelude::*;

// VietQR ---------------------------------------------------------------------------------

/// One EMVCo field: two-digit tag, two-digit length in characters, value. Errors instead
/// of panics, so a malformed payload fails the property with a message.
fn tlv(s: &str) -> Result<Vec<(String, String)>, String> {
    let chars: Vec<char> = s.chars().collect();
    let mut fields = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        let head: String = chars
            .get(i..i + 4)
            .ok_or("truncated header")?
            .iter()
            .collect();
        if !head.bytes().all(|b| b.is_ascii_digit()) {
            return Err(format!("header {head:?} is not four digits"));
        }
        let len: usize = head[2..].parse().map_err(|_| "bad length")?;
        let value: String = chars
            .get(i + 4..i + 4 + len)
            .ok_or_else(|| format!("field {} overruns the payload", &head[..2]))?
            .iter()
            .collect();
        fields.push((head[..2].to_owned(), value));
        i += 4 + len;
    }
    Ok(fields)
}

fn value<'a>(fields: &'a [(String, String)], tag: &str) -> &'a str {
    let found: Vec<_> = fields.iter().filter(|(t, _)| t == tag).collect();
    assert_eq!(found.len(), 1, "tag {tag} once in {fields:?}");
    &found[0].1
}

/// The CRC-16/CCITT-FALSE written bit by bit from its definition, not the encoder's.
fn reference_crc(data: &[u8]) -> u16 {
    let mut crc = 0xFFFFu16;
    for &byte in data {
        for bit in (0..8).rev() {
            let top = (crc >> 15) & 1 == 1;
            let input = (byte >> bit) & 1 == 1;
            crc <<= 1;
            if top != input {
                crc ^= 0x1021;
            }
        }
    }
    crc
}

/// Memo text: what shoppers and banks write (order codes, Vietnamese words, punctuation).
fn memo() -> impl Strategy<Value = String> {
    "[A-Za-z0-9 .,:/_-]{0,40}|DH[0-9A-Z]{8}|[a-zà-ỹĐđ ]{0,30}"
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    /// Decoding what is encoded gives back every field, in EMVCo's order, under a valid CRC.
    #[test]
    fn vietqr_decodes_to_what_was_encoded(
        bin in "[0-9]{6}",
        account in "[0-9A-Z]{1,19}",
        amount in 1i64..=i64::MAX,
        memo in memo(),
    ) {
        let qr = vietqr::payload(&Transfer {
            bank_bin: &bin,
            account_number: &account,
            amount,
            memo: &memo,
        })
        .unwrap();
        let fields = tlv(&qr).map_err(TestCaseError::fail)?;
        let tags: Vec<_> = fields.iter().map(|(t, _)| t.as_str()).collect();
        prop_assert_eq!(tags, ["00", "01", "38", "53", "54", "58", "62", "63"]);
        prop_assert_eq!(value(&fields, "00"), "01");
        prop_assert_eq!(value(&fields, "01"), "12");
        prop_assert_eq!(value(&fields, "53"), vietqr::CURRENCY_VND);
        prop_assert_eq!(value(&fields, "54").parse::<i64>().unwrap(), amount);
        prop_assert_eq!(value(&fields, "58"), "VN");

        let merchant = tlv(value(&fields, "38")).map_err(TestCaseError::fail)?;
        prop_assert_eq!(value(&merchant, "00"), vietqr::NAPAS_GUID);
        prop_assert_eq!(value(&merchant, "02"), vietqr::SERVICE_TO_ACCOUNT);
        let beneficiary = tlv(value(&merchant, "01")).map_err(TestCaseError::fail)?;
        prop_assert_eq!(value(&beneficiary, "00"), bin.as_str());
        prop_assert_eq!(value(&beneficiary, "01"), account.as_str());
        let additional = tlv(value(&fields, "62")).map_err(TestCaseError::fail)?;
        prop_assert_eq!(value(&additional, "08"), memo.as_str());

        // The CRC: last field, 4 upper-case hex digits over everything before them.
        let crc = value(&fields, "63");
        prop_assert!(crc.len() == 4 && crc.bytes().all(|b| b.is_ascii_digit() || b.is_ascii_uppercase()));
        let covered = &qr[..qr.len() - 4];
        prop_assert!(covered.ends_with("6304"));
        prop_assert_eq!(u16::from_str_radix(crc, 16).unwrap(), reference_crc(covered.as_bytes()));
    }

    /// Any change to one character before the CRC is caught by the CRC.
    #[test]
    fn vietqr_crc_catches_a_changed_character(
        account in "[0-9]{1,19}",
        amount in 1i64..100_000_000,
        code in "DH[0-9A-Z]{8}",
        at in any::<prop::sample::Index>(),
        replacement in "[0-9A-Z]",
    ) {
        let qr = vietqr::payload(&Transfer { bank_bin: "970436", account_number: &account, amount, memo: &code }).unwrap();
        let body = &qr[..qr.len() - 4];
        let i = at.index(body.len() - 4); // not the `6304` header of the CRC itself
        prop_assume!(&body[i..=i] != replacement.as_str());
        let changed = format!("{}{}{}", &body[..i], replacement, &body[i + 1..]);
        prop_assert_ne!(reference_crc(changed.as_bytes()), u16::from_str_radix(&qr[qr.len() - 4..], 16).unwrap());
    }

    /// The encoder refuses exactly the transfers that do not fit the format (two length
    /// digits per field, nested fields included) and never panics.
    #[test]
    fn vietqr_refuses_exactly_what_does_not_fit(
        account_len in 1usize..=120,
        memo_len in 0usize..=120,
        amount in any::<i64>(),
    ) {
        let account = "1".repeat(account_len);
        let memo = "M".repeat(memo_len);
        let result = vietqr::payload(&Transfer { bank_bin: "970436", account_number: &account, amount, memo: &memo });
        // Tag 38 holds 14 + (4 + 10 + 4 + account) + 12 characters; tag 62 holds 4 + memo.
        let fits = 44 + account_len <= 99 && memo_len <= 99 && 4 + memo_len <= 99;
        match result {
            Ok(qr) => {
                prop_assert!(amount > 0 && fits, "accepted {account_len}/{memo_len}/{amount}");
                prop_assert!(tlv(&qr).is_ok());
            }
            Err(VietQrError::Amount) => prop_assert!(amount <= 0),
            Err(VietQrError::TooLong { len, .. }) => prop_assert!(amount > 0 && !fits && len > 99),
        }
    }
}

// Order codes in memos -------------------------------------------------------------------

/// An order code in any mix of cases; the upper-case form is what must be found.
fn order_code() -> impl Strategy<Value = (String, String)> {
    ("[dD][hH]", "[0-9A-HJKMNP-TV-Za-hjkmnp-tv-z]{8}").prop_map(|(prefix, body)| {
        (
            format!("{prefix}{body}"),
            format!("DH{body}").to_uppercase(),
        )
    })
}

/// Text a bank puts around the memo: Vietnamese words, digits, reference numbers and
/// punctuation, with no `D` (so no order code, and none formed across the glue).
fn filler() -> impl Strategy<Value = String> {
    "[a-ce-zA-CE-Z0-9 .:/_#+-]{0,30}|[à-ỹĐđ ]{0,12}|FT[0-9]{8,14}|[0-9]{3,12}"
}

fn separator() -> impl Strategy<Value = String> {
    "[ .:/_#+-]{1,3}|[ĐđàảẠ]"
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1024))]

    /// A code written on its own anywhere in the memo is found.
    #[test]
    fn standalone_code_is_found(
        (written, want) in order_code(),
        before in filler(), sep1 in separator(),
        after in filler(), sep2 in separator(),
    ) {
        let memo = format!("{before}{sep1}{written}{sep2}{after}");
        prop_assert_eq!(order_code::find_in(&memo).map(OrderCode::into_string), Some(want));
    }

    /// A code glued to the words around it (no space: `NGUYENVANA123DHAB12CD34CHUYEN`) is
    /// found too.
    #[test]
    fn glued_code_is_found(
        (written, want) in order_code(),
        before in "[a-ce-zA-CE-Z0-9]{0,20}",
        after in "[a-zA-Z0-9]{0,20}",
    ) {
        let memo = format!("{before}{written}{after}");
        prop_assert_eq!(order_code::find_in(&memo).map(OrderCode::into_string), Some(want));
    }

    /// A code standing on its own wins over a look-alike glued to other characters before it.
    #[test]
    fn standalone_code_wins_over_an_earlier_glued_one(
        (decoy, _) in order_code(),
        (written, want) in order_code(),
        left in "[a-ce-zA-CE-Z0-9]{1,6}",
        right in "[a-zA-Z0-9]{1,6}",
        sep in separator(),
    ) {
        let memo = format!("{left}{decoy}{right}{sep}{written}");
        prop_assert_eq!(order_code::find_in(&memo).map(OrderCode::into_string), Some(want));
    }

    /// SePay's own `code` field is believed first, whatever the memo says.
    #[test]
    fn sepay_code_field_comes_first((written, want) in order_code(), content in "\\PC{0,60}") {
        prop_assert_eq!(order_code::find(Some(&written), &content).map(OrderCode::into_string), Some(want));
    }

    /// Text without `DH` in any case yields no code; text with one that is cut or holds a
    /// letter outside the alphabet (`O`, `I`, `L`, `U`, a space) yields none either.
    #[test]
    fn text_without_a_code_yields_none(
        text in "\\PC{0,80}",
        cut in "[0-9A-Z]{0,7}",
        spoiled in "[0-9A-Z]{0,7}",
        spoiler in "[OILUoilu -]",
        tail in "[0-9A-Z]{0,7}",
    ) {
        let upper = text.to_ascii_uppercase();
        prop_assume!(!upper.contains("DH"));
        prop_assert_eq!(order_code::find_in(&text), None);
        prop_assert_eq!(order_code::find_in(&format!("{text} DH{cut}")), None);
        let body = format!("{spoiled}{spoiler}{tail}");
        prop_assert_eq!(order_code::find_in(&format!("{text} DH{body} {text}")), None);
    }

    /// Whatever is found is a well-formed code that the memo really holds.
    #[test]
    fn anything_found_is_a_code_in_the_memo(text in "(\\PC|[dDhH]|[0-9A-Z]{4}){0,40}") {
        if let Some(code) = order_code::find_in(&text) {
            prop_assert_eq!(OrderCode::parse(code.as_str()), Some(code.clone()));
            prop_assert!(text.to_ascii_uppercase().contains(code.as_str()));
        }
    }
}
