//! Seller alerts through the Telegram Bot API (`sendMessage`, HTML). The token is part
//! of the URL, so no error text here may carry the URL: reqwest's errors are stripped of
//! it before they are shown or stored.

use std::time::Duration;

use serde::Deserialize;
use serde_json::json;

use super::TelegramSetup;
use super::mail::{SendError, describe};

/// One call may take this long.
pub const TELEGRAM_TIMEOUT: Duration = Duration::from_secs(15);

#[derive(Debug, Deserialize)]
struct Answer {
    ok: bool,
    description: Option<String>,
}

/// Sends `text` (Telegram's HTML subset, already escaped) to the setup's chat.
pub async fn send(
    http: &reqwest::Client,
    api_base: &str,
    setup: &TelegramSetup,
    text: &str,
) -> Result<(), SendError> {
    let url = format!("{api_base}/bot{}/sendMessage", setup.token.expose());
    let body = json!({
        "chat_id": setup.chat_id,
        "text": text,
        "parse_mode": "HTML",
        "disable_web_page_preview": true,
    });
    let response = http
        .post(url)
        .json(&body)
        .timeout(TELEGRAM_TIMEOUT)
        .send()
        .await
        .map_err(|e| SendError::transient(describe(&e.without_url())))?;
    let status = response.status();
    let answer: Option<Answer> = response.json().await.ok();
    match answer {
        Some(Answer { ok: true, .. }) if status.is_success() => Ok(()),
        Some(Answer {
            description: Some(description),
            ..
        }) => Err(SendError::transient(format!(
            "Telegram {}: {description}",
            status.as_u16()
        ))),
        _ => Err(SendError::transient(format!(
            "Telegram trả lời HTTP {}",
            status.as_u16()
        ))),
    }
}
