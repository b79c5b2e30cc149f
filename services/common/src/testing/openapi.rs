//! The check every service's OpenAPI test runs: the document and the route table agree
//! (every registered route documented, every documented operation registered), and
//! every example in the document validates against its schema.
//!
//! The validator covers the JSON Schema the documents use: `type` (one or a list),
//! `enum`, `required`, `properties`, `additionalProperties: false`, `items`, `$ref` to
//! components, `allOf`/`oneOf`/`anyOf`, numeric and length bounds, `pattern`, and the
//! `date-time`, `uuid` and `email` formats.

use std::collections::BTreeSet;

use actix_web::http::Method;
use serde_json::Value;

use crate::openapi::operations;

/// Panics with every disagreement between `doc` and `routes` and every example that does
/// not validate.
pub fn check_document(doc: &Value, routes: &[(Method, String)]) {
    let mut problems = Vec::new();
    let documented: BTreeSet<(String, String)> = operations(doc).into_keys().collect();
    // HEAD is answered wherever GET is, and documented by the GET.
    let registered: BTreeSet<(String, String)> = routes
        .iter()
        .filter(|(m, p)| *m != Method::HEAD || !routes.contains(&(Method::GET, p.clone())))
        .map(|(m, p)| (m.as_str().to_owned(), p.clone()))
        .collect();
    for (method, path) in registered.difference(&documented) {
        problems.push(format!("{method} {path} is routed but not documented"));
    }
    for (method, path) in documented.difference(&registered) {
        problems.push(format!("{method} {path} is documented but not routed"));
    }
    for ((method, path), op) in operations(doc) {
        if op["operationId"].as_str().is_none_or(str::is_empty) {
            problems.push(format!("{method} {path}: no operationId"));
        }
    }
    let mut examples = Vec::new();
    collect_examples(doc, "#", &mut examples);
    for (at, schema, example) in &examples {
        let mut errors = Vec::new();
        validate(doc, schema, example, at, &mut errors);
        problems.extend(errors);
    }
    assert!(
        problems.is_empty(),
        "OpenAPI document problems:\n{}",
        problems.join("\n")
    );
}

/// Every (location, schema, example) pair: schema `example`/`examples`, media-type
/// `example`/`examples` and parameter `example`s.
fn collect_examples(node: &Value, at: &str, out: &mut Vec<(String, Value, Value)>) {
    match node {
        Value::Object(map) => {
            if let Some(schema) = map.get("schema") {
                if let Some(example) = map.get("example") {
                    out.push((format!("{at}/example"), schema.clone(), example.clone()));
                }
                if let Some(Value::Object(named)) = map.get("examples") {
                    for (name, example) in named {
                        if let Some(value) = example.get("value") {
                            out.push((
                                format!("{at}/examples/{name}"),
                                schema.clone(),
                                value.clone(),
                            ));
                        }
                    }
                }
            } else if map.contains_key("type") || map.contains_key("$ref") {
                // A schema: its own examples validate against itself.
                let own = Value::Object(map.clone());
                if let Some(example) = map.get("example") {
                    out.push((format!("{at}/example"), own.clone(), example.clone()));
                }
                if let Some(Value::Array(list)) = map.get("examples") {
                    for (i, example) in list.iter().enumerate() {
                        out.push((format!("{at}/examples/{i}"), own.clone(), example.clone()));
                    }
                }
            }
            for (key, child) in map {
                if key == "example" || key == "examples" {
                    continue;
                }
                collect_examples(child, &format!("{at}/{key}"), out);
            }
        }
        Value::Array(items) => {
            for (i, child) in items.iter().enumerate() {
                collect_examples(child, &format!("{at}/{i}"), out);
            }
        }
        _ => {}
    }
}

fn resolve<'a>(doc: &'a Value, reference: &str) -> Option<&'a Value> {
    doc.pointer(reference.strip_prefix('#')?)
}

fn type_matches(ty: &str, value: &Value) -> bool {
    match ty {
        "null" => value.is_null(),
        "boolean" => value.is_boolean(),
        "string" => value.is_string(),
        "integer" => value.is_i64() || value.is_u64(),
        "number" => value.is_number(),
        "array" => value.is_array(),
        "object" => value.is_object(),
        _ => false,
    }
}

fn format_matches(format: &str, text: &str) -> bool {
    match format {
        "date-time" => chrono::DateTime::parse_from_rfc3339(text).is_ok(),
        "uuid" => uuid::Uuid::parse_str(text).is_ok(),
        "email" => text
            .split_once('@')
            .is_some_and(|(l, d)| !l.is_empty() && d.contains('.')),
        _ => true,
    }
}

/// Appends to `errors` every way `value` breaks `schema`.
pub fn validate(doc: &Value, schema: &Value, value: &Value, at: &str, errors: &mut Vec<String>) {
    let Some(s) = schema.as_object() else {
        return;
    };
    if let Some(reference) = s.get("$ref").and_then(Value::as_str) {
        match resolve(doc, reference) {
            Some(target) => validate(doc, target, value, at, errors),
            None => errors.push(format!("{at}: unresolved {reference}")),
        }
    }
    let mut fail = |what: String| errors.push(format!("{at}: {what} (value {value})"));
    match s.get("type") {
        Some(Value::String(ty)) if !type_matches(ty, value) => fail(format!("not {ty}")),
        Some(Value::Array(types))
            if !types
                .iter()
                .filter_map(Value::as_str)
                .any(|ty| type_matches(ty, value)) =>
        {
            fail(format!("not any of {types:?}"))
        }
        _ => {}
    }
    if let Some(Value::Array(allowed)) = s.get("enum")
        && !allowed.contains(value)
    {
        fail(format!("not one of {allowed:?}"));
    }
    if let Some(n) = value.as_f64() {
        if let Some(min) = s.get("minimum").and_then(Value::as_f64)
            && n < min
        {
            fail(format!("below {min}"));
        }
        if let Some(max) = s.get("maximum").and_then(Value::as_f64)
            && n > max
        {
            fail(format!("above {max}"));
        }
    }
    if let Some(text) = value.as_str() {
        let len = text.chars().count() as u64;
        if let Some(min) = s.get("minLength").and_then(Value::as_u64)
            && len < min
        {
            fail(format!("shorter than {min}"));
        }
        if let Some(max) = s.get("maxLength").and_then(Value::as_u64)
            && len > max
        {
            fail(format!("longer than {max}"));
        }
        if let Some(pattern) = s.get("pattern").and_then(Value::as_str) {
            match regex_lite::Regex::new(pattern) {
                Ok(re) if !re.is_match(text) => fail(format!("does not match {pattern}")),
                Ok(_) => {}
                Err(e) => fail(format!("bad pattern {pattern}: {e}")),
            }
        }
        if let Some(format) = s.get("format").and_then(Value::as_str)
            && !format_matches(format, text)
        {
            fail(format!("not a {format}"));
        }
    }
    if let Some(object) = value.as_object() {
        for name in s
            .get("required")
            .and_then(Value::as_array)
            .into_iter()
            .flatten()
            .filter_map(Value::as_str)
        {
            if !object.contains_key(name) {
                errors.push(format!("{at}: missing required {name}"));
            }
        }
        let properties = s.get("properties").and_then(Value::as_object);
        for (name, member) in object {
            match properties.and_then(|p| p.get(name)) {
                Some(sub) => validate(doc, sub, member, &format!("{at}.{name}"), errors),
                None if s.get("additionalProperties") == Some(&Value::Bool(false)) => {
                    errors.push(format!("{at}: unexpected member {name}"));
                }
                None => {}
            }
        }
    }
    if let (Some(items), Some(list)) = (s.get("items"), value.as_array()) {
        for (i, item) in list.iter().enumerate() {
            validate(doc, items, item, &format!("{at}[{i}]"), errors);
        }
    }
    if let Some(Value::Array(all)) = s.get("allOf") {
        for sub in all {
            validate(doc, sub, value, at, errors);
        }
    }
    for (key, exactly_one) in [("oneOf", true), ("anyOf", false)] {
        if let Some(Value::Array(options)) = s.get(key) {
            let passing = options
                .iter()
                .filter(|sub| {
                    let mut e = Vec::new();
                    validate(doc, sub, value, at, &mut e);
                    e.is_empty()
                })
                .count();
            if passing == 0 || exactly_one && passing > 1 {
                errors.push(format!(
                    "{at}: {passing} of the {key} options match (value {value})"
                ));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::validate;

    fn problems(schema: serde_json::Value, value: serde_json::Value) -> Vec<String> {
        let doc = json!({"components": {"schemas": {"N": {"type": "integer", "minimum": 1}}}});
        let mut errors = Vec::new();
        validate(&doc, &schema, &value, "#", &mut errors);
        errors
    }

    #[test]
    fn validates_the_keywords_the_documents_use() {
        let schema = json!({
            "type": "object", "required": ["a"],
            "properties": {
                "a": {"$ref": "#/components/schemas/N"},
                "b": {"type": ["string", "null"], "maxLength": 2, "pattern": "^x"},
                "c": {"type": "array", "items": {"enum": ["p", "q"]}},
                "d": {"type": "string", "format": "date-time"}
            }
        });
        assert!(
            problems(
                schema.clone(),
                json!({"a": 1, "b": "xy", "c": ["p"], "d": "2026-01-01T00:00:00Z"})
            )
            .is_empty()
        );
        assert!(problems(schema.clone(), json!({"a": 1, "b": null})).is_empty());
        assert_eq!(problems(schema.clone(), json!({"b": "x"})).len(), 1);
        assert_eq!(problems(schema.clone(), json!({"a": 0})).len(), 1);
        assert_eq!(
            problems(schema.clone(), json!({"a": 1, "b": "yyy"})).len(),
            2
        );
        assert_eq!(
            problems(schema.clone(), json!({"a": 1, "c": ["r"]})).len(),
            1
        );
        assert_eq!(problems(schema, json!({"a": 1, "d": "yesterday"})).len(), 1);
    }
}
