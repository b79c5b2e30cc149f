//! Table structs, insert/update forms and the queries on them. Every query is a function
//! taking `&mut AsyncPgConnection`; functions that must run inside a transaction say so.

pub mod provider;
pub mod transaction;

use diesel::deserialize::{self, FromSql};
use diesel::pg::{Pg, PgValue};
use diesel::serialize::{self, Output, ToSql};
use diesel::sql_types::Text;

use crate::domain::provider::ProviderType;
use crate::domain::transaction::{TransactionStatus, TransferType};

/// Enums stored as their lower snake_case text (CHECK constraints keep the columns honest).
macro_rules! text_enum {
    ($($ty:ty => $what:literal),* $(,)?) => {$(
        impl FromSql<Text, Pg> for $ty {
            fn from_sql(bytes: PgValue<'_>) -> deserialize::Result<Self> {
                let text = <String as FromSql<Text, Pg>>::from_sql(bytes)?;
                <$ty>::parse(&text)
                    .ok_or_else(|| format!(concat!("unexpected ", $what, " '{}'"), text).into())
            }
        }

        impl ToSql<Text, Pg> for $ty {
            fn to_sql<'b>(&'b self, out: &mut Output<'b, '_, Pg>) -> serialize::Result {
                <str as ToSql<Text, Pg>>::to_sql(self.as_str(), out)
            }
        }
    )*};
}

text_enum! {
    ProviderType => "provider type",
    TransactionStatus => "transaction status",
    TransferType => "transfer type",
}
