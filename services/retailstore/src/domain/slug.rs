//! URL slugs from Vietnamese names: accents folded (`đ` -> `d`), lower case, `a-z 0-9`
//! words joined by single dashes. `Thẻ Garena 100K` -> `the-garena-100k`.

pub const MAX_LEN: usize = 200;

/// Letters folded to their base letter, by base.
const FOLDS: &[(char, &str)] = &[
    ('a', "àáảãạăằắẳẵặâầấẩẫậäåāą"),
    ('c', "çćč"),
    ('d', "đď"),
    ('e', "èéẻẽẹêềếểễệëēęě"),
    ('i', "ìíỉĩịîïī"),
    ('n', "ñńň"),
    ('o', "òóỏõọôồốổỗộơờớởỡợöøō"),
    ('r', "ř"),
    ('s', "śšş"),
    ('t', "ťţ"),
    ('u', "ùúủũụưừứửữựûüūů"),
    ('y', "ỳýỷỹỵÿ"),
    ('z', "źżž"),
];

/// The ASCII letter or digit a (lower-case) character folds to, if any.
fn fold(c: char) -> Option<char> {
    if c.is_ascii_alphanumeric() {
        return Some(c.to_ascii_lowercase());
    }
    FOLDS
        .iter()
        .find(|(_, accented)| accented.contains(c))
        .map(|(base, _)| *base)
}

/// Combining diacritical marks (decomposed input): dropped, not separators.
fn is_combining_mark(c: char) -> bool {
    matches!(c, '\u{0300}'..='\u{036F}')
}

/// The slug of `text`, at most [`MAX_LEN`] characters, cut at a word boundary. Empty when
/// `text` has no letter or digit.
pub fn slugify(text: &str) -> String {
    let mut slug = String::with_capacity(text.len());
    let mut pending_dash = false;
    for c in text.chars().flat_map(char::to_lowercase) {
        if is_combining_mark(c) {
            continue;
        }
        match fold(c) {
            Some(letter) => {
                if pending_dash && !slug.is_empty() {
                    slug.push('-');
                }
                pending_dash = false;
                slug.push(letter);
            }
            None => pending_dash = true,
        }
    }
    if slug.len() > MAX_LEN {
        // The slug is ASCII: byte positions are character positions.
        let at_word_end = slug.as_bytes().get(MAX_LEN) == Some(&b'-');
        slug.truncate(MAX_LEN);
        if !at_word_end && let Some(cut) = slug.rfind('-') {
            slug.truncate(cut);
        }
    }
    slug
}

/// True when `slug` is `^[a-z0-9]+(-[a-z0-9]+)*$` and at most [`MAX_LEN`] characters.
pub fn is_valid(slug: &str) -> bool {
    slug.len() <= MAX_LEN
        && !slug.is_empty()
        && slug.split('-').all(|word| {
            !word.is_empty()
                && word
                    .bytes()
                    .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit())
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn folds_vietnamese() {
        assert_eq!(slugify("Thẻ Garena 100K"), "the-garena-100k");
        assert_eq!(slugify("Đồng hồ"), "dong-ho");
        assert_eq!(slugify("Mã giảm giá Shopee 20%"), "ma-giam-gia-shopee-20");
        assert_eq!(slugify("Netflix 1 tháng"), "netflix-1-thang");
        assert_eq!(slugify("  ỨNG DỤNG -- Việt  Nam!! "), "ung-dung-viet-nam");
        assert_eq!(slugify("Tie\u{0301}ng Vie\u{0323}\u{0302}t"), "tieng-viet");
        assert_eq!(slugify("!!!"), "");
        assert_eq!(slugify("日本"), "");
    }

    #[test]
    fn long_names_cut_at_a_word() {
        let name = "abc ".repeat(80);
        let slug = slugify(&name);
        assert!(slug.len() <= MAX_LEN && is_valid(&slug), "{slug}");
        assert!(slug.ends_with("abc"));
        let one_word = "a".repeat(300);
        assert_eq!(slugify(&one_word).len(), MAX_LEN);
    }

    #[test]
    fn validity() {
        assert!(is_valid("the-garena-100k"));
        assert!(is_valid("a"));
        for bad in ["", "-a", "a-", "a--b", "A", "a_b", "thẻ", "a b"] {
            assert!(!is_valid(bad), "{bad}");
        }
        assert!(!is_valid(&"a".repeat(201)));
    }
}
