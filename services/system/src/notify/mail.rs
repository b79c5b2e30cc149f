//! E-mail over SMTP with lettre (rustls on the ring provider). The worker keeps one
//! transport while the settings stay the same; its pool reuses connections across sends.

use std::time::Duration;

use lettre::message::header::ContentType;
use lettre::message::{Mailbox, MultiPart, SinglePart};
use lettre::transport::smtp::PoolConfig;
use lettre::transport::smtp::authentication::Credentials;
use lettre::{AsyncSmtpTransport, AsyncTransport, Message, Tokio1Executor};
use uuid::Uuid;

use super::SmtpServer;
use super::templates::Mail;
use crate::domain::notification::SmtpSecurity;

/// One SMTP exchange may take this long (connect, TLS, auth, data).
pub const SMTP_TIMEOUT: Duration = Duration::from_secs(20);

pub type Transport = AsyncSmtpTransport<Tokio1Executor>;

/// A failed send: the server's (or the connection's) own message, and whether trying
/// again could help.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SendError {
    pub message: String,
    pub permanent: bool,
}

impl SendError {
    pub fn transient(message: impl Into<String>) -> Self {
        Self {
            message: message.into(),
            permanent: false,
        }
    }

    pub fn permanent(message: impl Into<String>) -> Self {
        Self {
            message: message.into(),
            permanent: true,
        }
    }
}

/// Checks `SMTP_URL` as lettre reads it; the reason never quotes the URL (it may hold a
/// password).
pub fn check_url(url: &str) -> Result<(), String> {
    Transport::from_url(url)
        .map(|_| ())
        .map_err(|e| format!("not an SMTP URL lettre accepts ({e})"))
}

/// Refusals that say the recipient (or the message) can never be accepted: a 5xx reply
/// other than the login and TLS ones, which the admin can fix.
fn is_permanent(e: &lettre::transport::smtp::Error) -> bool {
    const FIXABLE: [&str; 4] = ["530", "534", "535", "538"];
    e.is_permanent()
        && !e
            .status()
            .is_some_and(|code| FIXABLE.contains(&code.to_string().as_str()))
}

/// lettre's error with its causes, on one line.
pub fn describe(e: &(dyn std::error::Error + 'static)) -> String {
    let mut message = e.to_string();
    let mut source = e.source();
    while let Some(cause) = source {
        let text = cause.to_string();
        if !message.contains(&text) {
            message.push_str(": ");
            message.push_str(&text);
        }
        source = cause.source();
    }
    message
}

fn smtp_error(e: &lettre::transport::smtp::Error) -> SendError {
    SendError {
        message: describe(e),
        permanent: is_permanent(e),
    }
}

/// A transport for `server` whose pool holds up to `max_connections` open connections
/// (one per send in flight: SMTP sends one message at a time on a connection).
pub fn transport(server: &SmtpServer, max_connections: u32) -> Result<Transport, SendError> {
    let builder = match server {
        SmtpServer::Url(url) => {
            Transport::from_url(url.expose()).map_err(|e| SendError::transient(describe(&e)))?
        }
        SmtpServer::Stored {
            host,
            port,
            security,
            user,
            password,
        } => {
            let builder = match security {
                SmtpSecurity::None => Transport::builder_dangerous(host),
                SmtpSecurity::Starttls => {
                    Transport::starttls_relay(host).map_err(|e| smtp_error(&e))?
                }
                SmtpSecurity::Tls => Transport::relay(host).map_err(|e| smtp_error(&e))?,
            };
            let builder = builder.port(*port);
            if user.is_empty() {
                builder
            } else {
                let password = password.as_ref().map(|p| p.expose()).unwrap_or_default();
                builder.credentials(Credentials::new(user.clone(), password.to_owned()))
            }
        }
    };
    let pool = PoolConfig::new()
        .max_size(max_connections.max(1))
        .idle_timeout(Duration::from_secs(30));
    Ok(builder
        .timeout(Some(SMTP_TIMEOUT))
        .pool_config(pool)
        .build())
}

/// The message of delivery `id`: `Message-ID: <id@shop>`, so that a copy sent twice
/// after a crash is recognisable as the same message.
pub fn message(
    from: &str,
    reply_to: Option<&str>,
    to: &str,
    id: Uuid,
    mail: &Mail,
) -> Result<Message, SendError> {
    let from: Mailbox = from
        .parse()
        .map_err(|e| SendError::permanent(format!("Người gửi không hợp lệ: {e}")))?;
    let to: Mailbox = to
        .parse()
        .map_err(|e| SendError::permanent(format!("Địa chỉ người nhận không hợp lệ: {e}")))?;
    let mut builder = Message::builder()
        .message_id(Some(format!("<{id}@shop>")))
        .from(from)
        .to(to)
        .subject(mail.subject.clone());
    if let Some(Ok(reply_to)) = reply_to.map(str::parse::<Mailbox>) {
        builder = builder.reply_to(reply_to);
    }
    builder
        .multipart(
            MultiPart::alternative()
                .singlepart(
                    SinglePart::builder()
                        .header(ContentType::TEXT_PLAIN)
                        .body(mail.text.clone()),
                )
                .singlepart(
                    SinglePart::builder()
                        .header(ContentType::TEXT_HTML)
                        .body(mail.html.clone()),
                ),
        )
        .map_err(|e| SendError::permanent(describe(&e)))
}

/// Sends one message.
pub async fn send(transport: &Transport, message: Message) -> Result<(), SendError> {
    transport
        .send(message)
        .await
        .map(|_| ())
        .map_err(|e| smtp_error(&e))
}
