//! The config reference (`docs/config-reference.md`) checked against the config readers:
//! every field a reader's raw struct takes has a row there, and every row names a field
//! that a reader takes. The field lists come from serde itself, so a field added to a
//! struct fails here until the reference documents it.

use std::collections::BTreeSet;

use serde::de::{self, Deserialize, Deserializer, Visitor};

/// The fields of the struct `T`, as its derived `Deserialize` names them to the
/// deserializer (every field, renamed as the file writes it).
///
/// # Panics
/// When `T` is not deserialized as a struct (a map, an enum, a flattened struct).
pub(crate) fn field_names<'de, T: Deserialize<'de>>() -> BTreeSet<&'static str> {
    let mut recorded = None;
    let _ = T::deserialize(FieldRecorder {
        recorded: &mut recorded,
    });
    recorded
        .unwrap_or_else(|| panic!("{} is not read as a struct", std::any::type_name::<T>()))
        .iter()
        .copied()
        .collect()
}

/// A deserializer that answers nothing: it keeps the field list a struct asks for and
/// fails.
struct FieldRecorder<'a> {
    recorded: &'a mut Option<&'static [&'static str]>,
}

impl<'de> Deserializer<'de> for FieldRecorder<'_> {
    type Error = de::value::Error;

    fn deserialize_any<V: Visitor<'de>>(self, _: V) -> Result<V::Value, Self::Error> {
        Err(de::Error::custom(
            "only a struct's field names are recorded",
        ))
    }

    fn deserialize_struct<V: Visitor<'de>>(
        self,
        _name: &'static str,
        fields: &'static [&'static str],
        _visitor: V,
    ) -> Result<V::Value, Self::Error> {
        *self.recorded = Some(fields);
        Err(de::Error::custom("field names recorded"))
    }

    serde::forward_to_deserialize_any! {
        bool i8 i16 i32 i64 i128 u8 u16 u32 u64 u128 f32 f64 char str string bytes
        byte_buf option unit unit_struct newtype_struct seq tuple tuple_struct map enum
        identifier ignored_any
    }
}

/// One table of a config file: the config (`run`), the table as the reference heads it
/// (`top level`, `[[agent]]`, `score_vs`) and the fields its reader takes.
pub(crate) type Table = (&'static str, &'static str, BTreeSet<&'static str>);

/// The fields each row of the reference names, by config and table, from the page's
/// `## config` and `### table` headings and its rows' first cells (`| `field` |`).
fn documented(page: &str) -> Vec<(String, String, BTreeSet<String>)> {
    let mut tables: Vec<(String, String, BTreeSet<String>)> = Vec::new();
    let mut config = String::new();
    for line in page.lines() {
        if let Some(heading) = line.strip_prefix("## ") {
            config = heading.trim().to_string();
        } else if let Some(heading) = line.strip_prefix("### ") {
            let table = heading.replace('`', "").trim().to_lowercase();
            tables.push((config.clone(), table, BTreeSet::new()));
        } else if let Some(row) = line.strip_prefix("| `") {
            let field = row.split('`').next().unwrap_or_default().to_string();
            let (_, _, fields) = tables
                .last_mut()
                .unwrap_or_else(|| panic!("a row before any table: {line}"));
            assert!(fields.insert(field), "a field documented twice: {line}");
        }
    }
    tables
}

#[cfg(test)]
mod tests {
    use super::*;

    const PAGE: &str = include_str!("../../docs/config-reference.md");

    #[test]
    fn a_struct_names_its_fields_to_the_recorder() {
        #[derive(serde::Deserialize)]
        #[allow(dead_code)]
        struct Example {
            seed: u64,
            #[serde(rename = "max-plies")]
            max_plies: Option<u32>,
        }
        assert_eq!(
            field_names::<Example>(),
            BTreeSet::from(["seed", "max-plies"])
        );
    }

    #[test]
    fn the_config_reference_documents_every_field_and_only_fields() {
        let readers: Vec<Table> = [
            crate::config::reference_tables(),
            crate::calibrate::config::reference_tables(),
            crate::sprt::reference_tables(),
        ]
        .concat();
        let documented = documented(PAGE);
        for (config, table, fields) in &readers {
            let Some((_, _, rows)) = documented
                .iter()
                .find(|(c, t, _)| c == config && t == table)
            else {
                panic!("docs/config-reference.md has no `## {config}` / `### {table}` table");
            };
            let rows: BTreeSet<&str> = rows.iter().map(String::as_str).collect();
            let missing: Vec<_> = fields.difference(&rows).collect();
            assert!(
                missing.is_empty(),
                "{config} {table}: fields {missing:?} have no row in docs/config-reference.md"
            );
            let unknown: Vec<_> = rows.difference(fields).collect();
            assert!(
                unknown.is_empty(),
                "{config} {table}: docs/config-reference.md documents {unknown:?}, which the \
                 reader does not take"
            );
        }
        for (config, table, _) in &documented {
            assert!(
                readers.iter().any(|(c, t, _)| c == config && t == table),
                "docs/config-reference.md documents `{config}` / `{table}`, which no reader has"
            );
        }
    }
}
