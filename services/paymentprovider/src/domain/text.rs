//! Text rules shared by the provider fields: trimmed optional text, account holder names
//! as banks print them, logo URLs.

pub use shop_common::input::optional_text;

/// Vietnamese (and a few other Latin) letters folded to their base letter, by base.
const FOLDS: &[(char, &str)] = &[
    ('a', "àáảãạăằắẳẵặâầấẩẫậäåā"),
    ('c', "çćč"),
    ('d', "đď"),
    ('e', "èéẻẽẹêềếểễệëēě"),
    ('i', "ìíỉĩịîïī"),
    ('n', "ñńň"),
    ('o', "òóỏõọôồốổỗộơờớởỡợöō"),
    ('u', "ùúủũụưừứửữựûüū"),
    ('y', "ỳýỷỹỵÿ"),
];

/// Combining diacritical marks (decomposed input): dropped.
fn is_combining_mark(c: char) -> bool {
    matches!(c, '\u{0300}'..='\u{036F}')
}

/// An account holder's name the way banks print it: accents removed, upper case, single
/// spaces. `Nguyễn Văn  Đức` -> `NGUYEN VAN DUC`. Characters outside `A-Z 0-9` after
/// folding are kept, so the caller's check refuses them.
pub fn bank_account_name(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for word in text.split_whitespace() {
        if !out.is_empty() {
            out.push(' ');
        }
        for c in word.chars().flat_map(char::to_lowercase) {
            if is_combining_mark(c) {
                continue;
            }
            let base = FOLDS
                .iter()
                .find(|(_, accented)| accented.contains(c))
                .map_or(c, |(base, _)| *base);
            out.extend(base.to_uppercase());
        }
    }
    out
}

/// True for `A-Z`, `0-9` and single inner spaces only.
pub fn is_bank_account_name(name: &str) -> bool {
    !name.is_empty()
        && name
            .bytes()
            .all(|b| b.is_ascii_uppercase() || b.is_ascii_digit() || b == b' ')
}

/// `/uploads/<name>` or an `https://` URL (the shared image rule).
pub use shop_common::input::image_url_ok as logo_url_ok;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn account_names() {
        assert_eq!(bank_account_name("  Nguyễn Văn   Đức "), "NGUYEN VAN DUC");
        assert_eq!(
            bank_account_name("Trần Thị Ánh Tuyết"),
            "TRAN THI ANH TUYET"
        );
        assert_eq!(bank_account_name("cong ty abc 123"), "CONG TY ABC 123");
        // Decomposed input (base letter + combining marks).
        assert_eq!(bank_account_name("Ngu\u{0302}\u{0303}yen"), "NGUYEN");
        assert!(is_bank_account_name("NGUYEN VAN DUC"));
        assert!(!is_bank_account_name(&bank_account_name("Công ty A.B.C")));
        assert!(!is_bank_account_name(""));
    }

    #[test]
    fn logo_urls() {
        for ok in ["/uploads/abc123.png", "https://cdn.example.com/a/b.jpg?x=1"] {
            assert!(logo_url_ok(ok), "{ok}");
        }
        for bad in [
            "/uploads/",
            "/uploads/../etc/passwd",
            "http://x.com/a.png",
            "https:///a.png",
            "javascript:alert(1)",
        ] {
            assert!(!logo_url_ok(bad), "{bad}");
        }
    }
}
