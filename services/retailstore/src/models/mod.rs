//! Table structs, insert/update forms and the queries on them. Every query is a function
//! taking `&mut AsyncPgConnection`; functions that must run inside a transaction say so.

pub mod audit_entry;
pub mod dashboard;
pub mod idempotency;
pub mod order;
pub mod order_event;
pub mod order_payment;
pub mod product;
pub mod serial_code;

use diesel::deserialize::{self, FromSql};
use diesel::pg::{Pg, PgValue};
use diesel::serialize::{self, Output, ToSql};
use diesel::sql_types::Text;

use crate::domain::audit::AuditAction;
use crate::domain::order::{OrderStatus, PaymentSource, PaymentStatus};
use crate::domain::product::ProductStatus;
use crate::domain::serial_code::CodeStatus;

/// Enums stored as their lower snake_case text (CHECK constraints keep the column honest).
macro_rules! text_enum {
    ($ty:ty) => {
        impl FromSql<Text, Pg> for $ty {
            fn from_sql(bytes: PgValue<'_>) -> deserialize::Result<Self> {
                let text = <String as FromSql<Text, Pg>>::from_sql(bytes)?;
                <$ty>::parse(&text)
                    .ok_or_else(|| format!("unexpected {} '{text}'", stringify!($ty)).into())
            }
        }

        impl ToSql<Text, Pg> for $ty {
            fn to_sql<'b>(&'b self, out: &mut Output<'b, '_, Pg>) -> serialize::Result {
                <str as ToSql<Text, Pg>>::to_sql(self.as_str(), out)
            }
        }
    };
}

text_enum!(AuditAction);
text_enum!(ProductStatus);
text_enum!(CodeStatus);
text_enum!(OrderStatus);
text_enum!(PaymentStatus);
text_enum!(PaymentSource);
