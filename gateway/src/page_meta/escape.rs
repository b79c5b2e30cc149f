//! Escaping for the values the gateway writes into the SPA shell: HTML text and
//! attribute values, and JSON inside a `<script>` element.

/// `text` safe as HTML text or as a quoted attribute value (either quote).
pub fn html(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 16);
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

/// `value` as JSON that can sit inside `<script>…</script>`: no `</script>` or `<!--`
/// can end or change the element, and no `&` or line separator reaches an HTML or old
/// JavaScript parser. These characters only occur inside JSON strings, where a `\uXXXX`
/// escape means the same, so the text is still the same JSON.
pub fn json_for_script(value: &serde_json::Value) -> String {
    let text = value.to_string();
    let mut out = String::with_capacity(text.len() + 16);
    for c in text.chars() {
        match c {
            '<' => out.push_str("\\u003c"),
            '>' => out.push_str("\\u003e"),
            '&' => out.push_str("\\u0026"),
            '\u{2028}' => out.push_str("\\u2028"),
            '\u{2029}' => out.push_str("\\u2029"),
            c => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn html_escapes_markup_and_both_quotes() {
        assert_eq!(
            html(r#"<a href="x" title='y'>Tom & Jerry</a>"#),
            "&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;Tom &amp; Jerry&lt;/a&gt;"
        );
        assert_eq!(html("Thẻ Garena 100.000đ"), "Thẻ Garena 100.000đ");
        assert_eq!(html("&amp;"), "&amp;amp;");
    }

    #[test]
    fn json_cannot_close_its_script_and_still_parses() {
        let name = "</script><script>alert(1)</script> <!-- & \u{2028}\u{2029} \"q\"";
        let value = json!({ "name": name });
        let out = json_for_script(&value);
        for forbidden in ['<', '>', '&', '\u{2028}', '\u{2029}'] {
            assert!(!out.contains(forbidden), "{forbidden:?} in {out}");
        }
        assert!(out.contains(r"\u003c/script\u003e"), "{out}");
        let back: serde_json::Value = serde_json::from_str(&out).unwrap();
        assert_eq!(back["name"], name);
    }
}
