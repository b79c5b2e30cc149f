//! The dashboard's date range and its Vietnam days. Vietnam keeps UTC+07:00 all year (no
//! daylight saving), so a fixed offset is its time zone.

use chrono::{DateTime, Duration, NaiveDate, Utc};

/// The longest range a summary covers.
pub const MAX_RANGE_DAYS: i64 = 366;
/// The range when none is given: the last 30 days.
pub const DEFAULT_RANGE_DAYS: i64 = 30;

/// Asia/Ho_Chi_Minh's offset from UTC.
pub const VN_OFFSET_HOURS: i64 = 7;

/// The Vietnam day of an instant.
pub fn vn_day(at: DateTime<Utc>) -> NaiveDate {
    (at + Duration::hours(VN_OFFSET_HOURS)).date_naive()
}

/// Every Vietnam day that `[from, to)` touches, in order.
pub fn days(from: DateTime<Utc>, to: DateTime<Utc>) -> Vec<NaiveDate> {
    if to <= from {
        return Vec::new();
    }
    let last = vn_day(to - Duration::nanoseconds(1));
    let mut day = vn_day(from);
    let mut out = Vec::new();
    while day <= last {
        out.push(day);
        match day.succ_opt() {
            Some(next) => day = next,
            None => break,
        }
    }
    out
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    fn at(text: &str) -> DateTime<Utc> {
        DateTime::parse_from_rfc3339(text)
            .unwrap()
            .with_timezone(&Utc)
    }

    #[test]
    fn vietnam_days() {
        // 17:00 UTC is midnight in Vietnam.
        assert_eq!(vn_day(at("2026-01-01T16:59:59Z")).to_string(), "2026-01-01");
        assert_eq!(vn_day(at("2026-01-01T17:00:00Z")).to_string(), "2026-01-02");
        let d = days(
            at("2026-01-01T00:00:00+07:00"),
            at("2026-01-04T00:00:00+07:00"),
        );
        let d: Vec<_> = d.iter().map(ToString::to_string).collect();
        assert_eq!(d, ["2026-01-01", "2026-01-02", "2026-01-03"]);
        assert_eq!(
            days(at("2026-01-02T10:00:00Z"), at("2026-01-02T11:00:00Z")).len(),
            1
        );
        assert!(days(at("2026-01-02T10:00:00Z"), at("2026-01-02T10:00:00Z")).is_empty());
    }
}
