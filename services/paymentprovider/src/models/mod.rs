//! Table structs, insert/update forms and the queries on them. Every query is a function
//! taking `&mut AsyncPgConnection`; functions that must run inside a transaction say so.

pub mod provider;

use diesel::deserialize::{self, FromSql};
use diesel::pg::{Pg, PgValue};
use diesel::serialize::{self, Output, ToSql};
use diesel::sql_types::Text;

use crate::domain::provider::ProviderType;

/// Enums stored as their lower snake_case text (CHECK constraints keep the column honest).
impl FromSql<Text, Pg> for ProviderType {
    fn from_sql(bytes: PgValue<'_>) -> deserialize::Result<Self> {
        let text = <String as FromSql<Text, Pg>>::from_sql(bytes)?;
        ProviderType::parse(&text)
            .ok_or_else(|| format!("unexpected provider type '{text}'").into())
    }
}

impl ToSql<Text, Pg> for ProviderType {
    fn to_sql<'b>(&'b self, out: &mut Output<'b, '_, Pg>) -> serialize::Result {
        <str as ToSql<Text, Pg>>::to_sql(self.as_str(), out)
    }
}
