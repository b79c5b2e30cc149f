//! The database URL read as libpq reads it: `sslmode` and `sslrootcert` are taken out of
//! the query (the client's driver knows neither `verify-ca`/`verify-full` nor
//! `sslrootcert`), every other parameter is left as written, and the rest goes to the
//! driver's own parser. Error messages name parameters, never the URL: it may hold a
//! password.

use std::str::FromStr;

use tokio_postgres::config::{Config, SslMode as DriverSslMode};

/// libpq's `sslmode`, `prefer` when the URL names none.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SslMode {
    Disable,
    Prefer,
    Require,
    VerifyCa,
    VerifyFull,
}

impl SslMode {
    fn parse(value: &str) -> Option<Self> {
        Some(match value {
            "disable" => Self::Disable,
            "prefer" => Self::Prefer,
            "require" => Self::Require,
            "verify-ca" => Self::VerifyCa,
            "verify-full" => Self::VerifyFull,
            _ => return None,
        })
    }

    pub fn as_str(self) -> &'static str {
        match self {
            Self::Disable => "disable",
            Self::Prefer => "prefer",
            Self::Require => "require",
            Self::VerifyCa => "verify-ca",
            Self::VerifyFull => "verify-full",
        }
    }
}

/// Where the certificates that sign the server's come from (`sslrootcert`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum RootCert {
    /// A PEM file of one or more CA certificates.
    File(String),
    /// `sslrootcert=system`: the platform's trusted roots.
    System,
}

/// What the server's certificate is checked for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Verify {
    /// Encryption only (`prefer`, and `require` without `sslrootcert`).
    Nothing,
    /// Signed by a CA in `sslrootcert`; any host name (`verify-ca`, and `require` with
    /// `sslrootcert`, as libpq does).
    Chain,
    /// Signed by a CA and issued for the host connected to (`verify-full`).
    ChainAndHost,
}

/// A database URL split into the driver's configuration and the TLS settings.
#[derive(Debug, Clone)]
pub struct ConnInfo {
    pub driver: Config,
    pub sslmode: SslMode,
    pub rootcert: Option<RootCert>,
}

/// Parameters libpq knows that this client does not implement: refused by name rather
/// than silently ignored, since each changes what is trusted.
const UNSUPPORTED: &[&str] = &["sslcert", "sslkey", "sslpassword", "sslcrl", "sslcrldir"];

impl ConnInfo {
    pub fn parse(url: &str) -> Result<Self, String> {
        let (base, query) = url.split_once('?').unwrap_or((url, ""));
        let mut sslmode = None;
        let mut rootcert = None;
        let mut kept = Vec::new();
        for pair in query.split('&').filter(|p| !p.is_empty()) {
            let (key, value) = pair.split_once('=').unwrap_or((pair, ""));
            match key {
                "sslmode" => {
                    let value = percent_decode(value)?;
                    sslmode = Some(SslMode::parse(&value).ok_or_else(|| {
                        format!(
                            "sslmode '{value}' is not one of disable, prefer, require, \
                             verify-ca, verify-full"
                        )
                    })?);
                }
                "sslrootcert" => {
                    let value = percent_decode(value)?;
                    rootcert = match value.as_str() {
                        "" => None,
                        "system" => Some(RootCert::System),
                        _ => Some(RootCert::File(value)),
                    };
                }
                _ if UNSUPPORTED.contains(&key) => {
                    return Err(format!("the URL parameter {key} is not supported"));
                }
                _ => kept.push(pair),
            }
        }
        // As libpq: the platform's roots are only worth using with the host name
        // checked, so they default to verify-full and refuse anything weaker.
        let sslmode = match (sslmode, &rootcert) {
            (None, Some(RootCert::System)) => SslMode::VerifyFull,
            (Some(mode), Some(RootCert::System)) if mode != SslMode::VerifyFull => {
                return Err(format!(
                    "sslmode={} may not be used with sslrootcert=system (use verify-full)",
                    mode.as_str()
                ));
            }
            (mode, _) => mode.unwrap_or(SslMode::Prefer),
        };
        if matches!(sslmode, SslMode::VerifyCa | SslMode::VerifyFull) && rootcert.is_none() {
            return Err(format!(
                "sslmode={} needs sslrootcert (a CA file, or system)",
                sslmode.as_str()
            ));
        }
        let stripped = if kept.is_empty() {
            base.to_owned()
        } else {
            format!("{base}?{}", kept.join("&"))
        };
        let mut driver = Config::from_str(&stripped)
            .map_err(|e| format!("invalid database URL: {}", super::error_chain(&e)))?;
        driver.ssl_mode(match sslmode {
            SslMode::Disable => DriverSslMode::Disable,
            SslMode::Prefer => DriverSslMode::Prefer,
            SslMode::Require | SslMode::VerifyCa | SslMode::VerifyFull => DriverSslMode::Require,
        });
        Ok(Self {
            driver,
            sslmode,
            rootcert,
        })
    }

    /// What the server's certificate is checked for.
    pub fn verify(&self) -> Verify {
        match self.sslmode {
            SslMode::Disable | SslMode::Prefer => Verify::Nothing,
            SslMode::Require if self.rootcert.is_none() => Verify::Nothing,
            SslMode::Require | SslMode::VerifyCa => Verify::Chain,
            SslMode::VerifyFull => Verify::ChainAndHost,
        }
    }

    /// `host:port` of the first server, for messages.
    pub fn describe_server(&self) -> String {
        use tokio_postgres::config::Host;
        let host = match self.driver.get_hosts().first() {
            Some(Host::Tcp(host)) => host.clone(),
            #[cfg(unix)]
            Some(Host::Unix(path)) => path.display().to_string(),
            None => "localhost".to_owned(),
        };
        let port = self.driver.get_ports().first().copied().unwrap_or(5432);
        format!("{host}:{port}")
    }
}

/// `%XX` escapes, as libpq decodes them (a `+` stays a `+`).
fn percent_decode(value: &str) -> Result<String, String> {
    let bytes = value.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'%' => {
                let hex = value
                    .get(i + 1..i + 3)
                    .and_then(|h| u8::from_str_radix(h, 16).ok())
                    .ok_or("a malformed %-escape in the URL's parameters")?;
                out.push(hex);
                i += 3;
            }
            b => {
                out.push(b);
                i += 1;
            }
        }
    }
    String::from_utf8(out).map_err(|_| "a URL parameter is not UTF-8".to_owned())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(url: &str) -> ConnInfo {
        ConnInfo::parse(url).unwrap_or_else(|e| panic!("{url}: {e}"))
    }

    #[test]
    fn prefer_without_checks_by_default() {
        let info = parse("postgres://u:p@db:6543/shop");
        assert_eq!(info.sslmode, SslMode::Prefer);
        assert_eq!(info.verify(), Verify::Nothing);
        assert_eq!(info.driver.get_ssl_mode(), DriverSslMode::Prefer);
        assert_eq!(info.describe_server(), "db:6543");
    }

    #[test]
    fn ssl_parameters_are_taken_out_and_the_others_kept() {
        let info = parse(
            "postgres://u@h/db?application_name=job&sslmode=verify-full\
             &sslrootcert=%2Ftmp%2Fmy%20ca.crt&options=-c%20search_path%3Dx",
        );
        assert_eq!(info.sslmode, SslMode::VerifyFull);
        assert_eq!(info.verify(), Verify::ChainAndHost);
        assert_eq!(info.rootcert, Some(RootCert::File("/tmp/my ca.crt".into())));
        assert_eq!(info.driver.get_ssl_mode(), DriverSslMode::Require);
        assert_eq!(info.driver.get_application_name(), Some("job"));
        assert_eq!(info.driver.get_options(), Some("-c search_path=x"));
    }

    #[test]
    fn require_checks_the_chain_only_with_a_root_certificate() {
        assert_eq!(
            parse("postgres://h/db?sslmode=require").verify(),
            Verify::Nothing
        );
        let with_ca = parse("postgres://h/db?sslmode=require&sslrootcert=/ca.crt");
        assert_eq!(with_ca.verify(), Verify::Chain);
        let ca = parse("postgres://h/db?sslmode=verify-ca&sslrootcert=/ca.crt");
        assert_eq!(ca.verify(), Verify::Chain);
        let off = parse("postgres://h/db?sslmode=disable");
        assert_eq!(off.driver.get_ssl_mode(), DriverSslMode::Disable);
    }

    #[test]
    fn system_roots_mean_verify_full() {
        let info = parse("postgres://h/db?sslrootcert=system");
        assert_eq!(info.sslmode, SslMode::VerifyFull);
        assert_eq!(info.rootcert, Some(RootCert::System));
        let weak = ConnInfo::parse("postgres://h/db?sslmode=require&sslrootcert=system");
        assert!(weak.unwrap_err().contains("use verify-full"));
    }

    #[test]
    fn refusals_name_the_parameter_never_the_password() {
        let cases = [
            (
                "postgres://u:s3cret@h/db?sslmode=verify",
                "sslmode 'verify'",
            ),
            (
                "postgres://u:s3cret@h/db?sslmode=verify-full",
                "needs sslrootcert",
            ),
            (
                "postgres://u:s3cret@h/db?sslcert=/c.pem",
                "sslcert is not supported",
            ),
            (
                "postgres://u:s3cret@h/db?nonsense=1",
                "invalid database URL",
            ),
            ("postgres://u:s3cret@h/db?sslrootcert=%zz", "malformed"),
        ];
        for (url, expected) in cases {
            let error = ConnInfo::parse(url).unwrap_err();
            assert!(error.contains(expected), "{url}: {error}");
            assert!(!error.contains("s3cret"), "{url}: {error}");
        }
    }
}
