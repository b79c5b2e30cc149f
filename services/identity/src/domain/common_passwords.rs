//! The most common passwords, refused for new passwords (Create, ResetPassword,
//! SelfChangePassword; not for the first admin seeded from `ADMIN_PASSWORD`). The list
//! is embedded in the binary (`data/common-passwords.txt`: zxcvbn's ranked list, top
//! 10,000 of 6..30 characters, plus common Vietnamese ones) and compared case-insensitively.

use std::collections::HashSet;
use std::sync::LazyLock;

const LIST: &str = include_str!(concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/data/common-passwords.txt"
));

static COMMON: LazyLock<HashSet<&'static str>> = LazyLock::new(|| {
    LIST.lines()
        .map(str::trim)
        .filter(|line| !line.is_empty() && !line.starts_with('#'))
        .collect()
});

/// Whether `password` is on the list, ignoring case.
pub fn is_common(password: &str) -> bool {
    COMMON.contains(password.to_lowercase().as_str())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn common_ones_are_refused_in_any_case() {
        for p in [
            "password",
            "123456",
            "Password",
            "QWERTY123",
            "matkhau",
            "Admin@123",
            "iloveyou",
        ] {
            assert!(is_common(p), "{p}");
        }
        for p in ["pass-123", "mật-khẩu-mới", "Kho-ma-2026!", "admin-pass-123"] {
            assert!(!is_common(p), "{p}");
        }
        assert!(COMMON.len() > 9_000);
        // Every entry is a lower-case password the length rule would otherwise accept.
        assert!(
            COMMON
                .iter()
                .all(|p| *p == p.to_lowercase() && (6..=30).contains(&p.chars().count()))
        );
    }
}
