//! Domain types: raw input is parsed into these once, at the edge; handlers and models
//! only see checked values.

pub mod provider;
pub mod text;

use serde::{Deserialize, Deserializer};

/// For `Update` bodies: a field left out is `None` (unchanged), an explicit `null` is
/// `Some(None)` (cleared), a value is `Some(Some(v))`. Use with `#[serde(default)]`.
pub fn nullable<'de, D, T>(de: D) -> Result<Option<Option<T>>, D::Error>
where
    D: Deserializer<'de>,
    T: Deserialize<'de>,
{
    Option::<T>::deserialize(de).map(Some)
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    #[derive(Deserialize)]
    struct Patch {
        #[serde(default, deserialize_with = "nullable")]
        note: Option<Option<String>>,
    }

    #[test]
    fn absent_null_and_value() {
        let absent: Patch = serde_json::from_str("{}").unwrap();
        assert_eq!(absent.note, None);
        let null: Patch = serde_json::from_str(r#"{"note":null}"#).unwrap();
        assert_eq!(null.note, Some(None));
        let value: Patch = serde_json::from_str(r#"{"note":"x"}"#).unwrap();
        assert_eq!(value.note, Some(Some("x".into())));
    }
}
