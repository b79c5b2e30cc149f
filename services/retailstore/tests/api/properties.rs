//! Property tests of the pure parts of the catalogue: slugs folded from Vietnamese names
//! and the bulk-import planner that sorts pasted lines into codes, repeats and rejects.

use std::collections::HashMap;

use proptest::prelude::*;
use retailstore::domain::serial_code::{Code, InvalidReason, MAX_CODE_LEN};
use retailstore::domain::slug::{self, MAX_LEN, slugify};
use retailstore::serial_codes::import::{DuplicateReason, plan};

// Slugs ----------------------------------------------------------------------------------

/// Vietnamese letters (lower case) by the ASCII letter they fold to: every tone on every
/// vowel, and `đ`.
const VIETNAMESE: &[(char, &str)] = &[
    ('a', "aàáảãạăằắẳẵặâầấẩẫậ"),
    ('d', "dđ"),
    ('e', "eèéẻẽẹêềếểễệ"),
    ('i', "iìíỉĩị"),
    ('o', "oòóỏõọôồốổỗộơờớởỡợ"),
    ('u', "uùúủũụưừứửữự"),
    ('y', "yỳýỷỹỵ"),
];

/// Tone and vowel marks as typed on keyboards that send decomposed text.
const COMBINING: &[char] = &[
    '\u{0300}', '\u{0301}', '\u{0302}', '\u{0303}', '\u{0306}', '\u{0309}', '\u{031B}', '\u{0323}',
];

/// One letter as the shopkeeper may type it, with the ASCII letter it must fold to.
fn letter() -> impl Strategy<Value = (String, char)> {
    let vietnamese = (
        0..VIETNAMESE.len(),
        any::<prop::sample::Index>(),
        any::<bool>(),
    )
        .prop_map(|(base, pick, upper)| {
            let (ascii, forms) = VIETNAMESE[base];
            let forms: Vec<char> = forms.chars().collect();
            let c = forms[pick.index(forms.len())];
            let text = if upper {
                c.to_uppercase().collect()
            } else {
                c.to_string()
            };
            (text, ascii)
        });
    let plain = "[a-zA-Z0-9]".prop_map(|s| {
        let c = s.chars().next().unwrap();
        (s, c.to_ascii_lowercase())
    });
    let decomposed = (
        "[a-zA-Z]",
        prop::collection::vec(prop::sample::select(COMBINING), 1..3),
    )
        .prop_map(|(base, marks)| {
            let ascii = base.chars().next().unwrap().to_ascii_lowercase();
            (base + &marks.into_iter().collect::<String>(), ascii)
        });
    prop_oneof![4 => vietnamese, 4 => plain, 1 => decomposed]
}

/// What separates words: spaces, punctuation, symbols, letters of other scripts.
fn separator() -> impl Strategy<Value = String> {
    "[ \t.,:;!?%&/()_+=*@#\"'-]{1,4}|[ 日本€😀—–]{1,2}"
}

/// A product name as words of letters between separators, with the slug expected of it.
fn name() -> impl Strategy<Value = (String, String)> {
    let word = prop::collection::vec(letter(), 1..10);
    (
        "[ .!-]{0,3}",
        prop::collection::vec((word, separator()), 1..8),
    )
        .prop_map(|(lead, words)| {
            let mut text = lead;
            let mut expected = Vec::new();
            for (letters, sep) in words {
                let mut folded = String::new();
                for (typed, ascii) in letters {
                    text.push_str(&typed);
                    folded.push(ascii);
                }
                expected.push(folded);
                text.push_str(&sep);
            }
            (text, expected.join("-"))
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1024))]

    /// Vietnamese names fold to their ASCII words joined by single dashes.
    #[test]
    fn vietnamese_names_fold_to_ascii_words((text, expected) in name()) {
        prop_assert_eq!(slugify(&text), expected.clone());
        // Typed in capitals, the same slug.
        prop_assert_eq!(slugify(&text.to_uppercase()), expected);
    }

    /// Any text gives a valid slug (or none): only `a-z 0-9 -`, no dash at either end, no
    /// double dash, at most MAX_LEN characters; and folding a slug again changes nothing.
    #[test]
    fn slugs_are_well_formed_and_idempotent(text in "\\PC{0,300}|(\\PC|[a-zà-ỹ ]){0,260}") {
        let slug = slugify(&text);
        prop_assert!(slug.len() <= MAX_LEN);
        prop_assert!(slug.bytes().all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-'), "{slug}");
        prop_assert!(!slug.starts_with('-') && !slug.ends_with('-') && !slug.contains("--"), "{slug}");
        prop_assert!(slug.is_empty() || slug::is_valid(&slug), "{slug}");
        prop_assert_eq!(slugify(&slug), slug.clone());
    }

    /// A long name is cut at a word boundary: the slug is a prefix of the full slug that
    /// ends where a word ends.
    #[test]
    fn long_slugs_are_cut_at_a_word(words in prop::collection::vec("[a-z0-9]{1,30}", 1..40)) {
        let full = words.join("-");
        let slug = slugify(&words.join(" "));
        prop_assert!(full.starts_with(&slug));
        if full.len() <= MAX_LEN {
            prop_assert_eq!(&slug, &full);
        } else {
            let rest = &full[slug.len()..];
            // Cut after a whole word, unless one word alone is longer than the limit.
            prop_assert!(rest.starts_with('-') || (slug.len() == MAX_LEN && !slug.contains('-')), "{slug}");
        }
    }
}

// Bulk import ------------------------------------------------------------------------------

/// One pasted line and what the planner must make of it.
#[derive(Debug, Clone)]
enum Line {
    /// A code, padded as spreadsheets and text editors leave it.
    Code {
        raw: String,
        code: String,
    },
    Blank(String),
    Invalid {
        raw: String,
        reason: InvalidReason,
    },
}

/// Codes from a small pool, so batches repeat codes (in the same and in another case).
fn code() -> impl Strategy<Value = String> {
    prop_oneof![
        "(GARENA|VT|ZING)-[0-9]{1,2}",
        "gArEnA-[0-9]{1,2}",
        "[A-Za-z0-9]{1,6}",
        "[A-Z0-9]{4}-[A-Z0-9]{4}-[A-Z0-9]{4}-[A-Z0-9]{4}",
        "Mã [àáảãạăắâấđêếôốơớưứ]{1,3}",
        "[!-~]{190,200}",
    ]
}

fn padding() -> impl Strategy<Value = String> {
    "[ \t\r\u{FEFF}]{0,3}"
}

fn line() -> impl Strategy<Value = Line> {
    let code_line = (padding(), code(), padding()).prop_map(|(lead, code, trail)| Line::Code {
        raw: format!("{lead}{code}{trail}"),
        code,
    });
    let blank = padding().prop_map(Line::Blank);
    let too_long = (padding(), "[A-Za-z0-9]{201,230}").prop_map(|(lead, code)| Line::Invalid {
        raw: lead + &code,
        reason: InvalidReason::TooLong,
    });
    let control = (
        "[A-Z0-9]{1,8}",
        "[\\x00-\\x08\\x0B\\x0C\\x0E-\\x1F\\x7F\\u200B\\u2060]",
        "[A-Z0-9]{1,8}",
    )
        .prop_map(|(a, c, b)| Line::Invalid {
            raw: format!("{a}{c}{b}"),
            reason: InvalidReason::ControlCharacter,
        });
    prop_oneof![8 => code_line, 2 => blank, 1 => too_long, 1 => control]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    /// Every non-blank line lands in exactly one place: the first time a code appears it is
    /// kept, trimmed and with its case; later copies are reported as repeats of it; lines
    /// that are not codes are rejected with the reason. Blank lines appear nowhere.
    #[test]
    fn plan_sorts_every_line_once(lines in prop::collection::vec(line(), 0..60)) {
        let raw: Vec<String> = lines
            .iter()
            .map(|l| match l {
                Line::Code { raw, .. } | Line::Blank(raw) | Line::Invalid { raw, .. } => raw.clone(),
            })
            .collect();
        let plan = plan(raw);

        let mut first_seen: HashMap<&str, usize> = HashMap::new();
        let mut unique = Vec::new();
        let mut repeated = Vec::new();
        let mut invalid = Vec::new();
        for (index, l) in lines.iter().enumerate() {
            match l {
                Line::Code { code, .. } => match first_seen.get(code.as_str()) {
                    Some(_) => repeated.push((index, code.clone())),
                    None => {
                        first_seen.insert(code, index);
                        unique.push((index, code.clone()));
                    }
                },
                Line::Blank(_) => {}
                Line::Invalid { reason, .. } => invalid.push((index, *reason)),
            }
        }

        let got_unique: Vec<_> = plan.unique.iter().map(|p| (p.index, p.code.as_str().to_owned())).collect();
        prop_assert_eq!(got_unique, unique);
        prop_assert!(plan.repeated.iter().all(|d| d.reason == DuplicateReason::Repeated));
        let got_repeated: Vec<_> = plan.repeated.iter().map(|d| (d.index, d.code.clone())).collect();
        prop_assert_eq!(got_repeated, repeated);
        let got_invalid: Vec<_> = plan.invalid.iter().map(|i| (i.index, i.reason)).collect();
        prop_assert_eq!(got_invalid, invalid);
    }

    /// A kept code is already normalised: parsing it again gives it back unchanged, and it
    /// is at most MAX_CODE_LEN printable characters with no surrounding white space.
    #[test]
    fn kept_codes_are_normal(text in "[ \t\u{FEFF}]{0,2}\\PC{1,210}[ \r\n]{0,2}") {
        if let Ok(Some(code)) = Code::parse(&text) {
            let again = Code::parse(code.as_str()).unwrap().unwrap();
            prop_assert_eq!(again.as_str(), code.as_str());
            prop_assert_eq!(code.as_str(), code.as_str().trim());
            prop_assert!(!code.as_str().is_empty() && code.as_str().chars().count() <= MAX_CODE_LEN);
            prop_assert!(text.contains(code.as_str()));
        }
    }

    /// A batch pasted twice over: the second copy is all repeats of the first.
    #[test]
    fn a_batch_pasted_twice_repeats_every_code(codes in prop::collection::vec(code(), 1..30)) {
        let mut raw = codes.clone();
        raw.extend(codes.iter().map(|c| format!(" {c}\r")));
        let plan = plan(raw);
        prop_assert!(plan.invalid.is_empty());
        let kept: Vec<&str> = plan.unique.iter().map(|p| p.code.as_str()).collect();
        prop_assert!(plan.unique.iter().all(|p| p.index < codes.len()));
        prop_assert_eq!(kept.len() + plan.repeated.len(), 2 * codes.len());
        prop_assert!(plan.repeated.iter().all(|d| kept.contains(&d.code.as_str())));
    }
}
