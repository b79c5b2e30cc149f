//! Notifications: the settings (admin), a test send, the deliveries list and Resend
//! (admin), and the internal Enqueue (retailstore's and paymentprovider's outbox relays)
//! and ByOrder (retailstore's admin order page).

use actix_web::{HttpResponse, web};
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};
use shop_common::auth::AdminUser;
use shop_common::db::DbPool;
use shop_common::input::{Problems, instant, optional_choice, plausible_email};
use shop_common::internal::InternalCaller;
use shop_common::ok;
use shop_common::openapi::{
    BadRequest, Enveloped, Forbidden, NotFound, PageOf, PageParams, PageSpec, PayloadTooLarge,
    Unauthorized, Unavailable,
};
use shop_common::pagination::{Page, SortDir};
use utoipa::{IntoParams, ToSchema};
use uuid::Uuid;

use super::openapi::{NoInternalKey, NotFailed, TestRefused};
use crate::crypto::Purpose;
use crate::domain::notification::{
    Audience, Channel, ChatId, DeliveryStatus, EnqueueInput, EventSwitches, MSG_EVENT,
    NotificationEventKind, SettingsPatch, SettingsView, SmtpSecurity, mask_recipient,
};
use crate::error::SystemError;
use crate::models::notification::{self as deliveries, DeliveryFilter, Listed};
use crate::models::{AppConfiguration, NotificationSettings, NotificationSettingsChanges};
use crate::notify::templates::{self, Shop};
use crate::notify::{self, Effective, Notifications, TelegramSetup, mail, telegram};

/// The settings as the admin sees them: never the password or the token, only whether
/// they are stored; plus what is in force (`emailEnabled`, `telegramEnabled`) and whether
/// the environment supplies it.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = NotificationSettings)]
pub struct SettingsResponse {
    /// Empty: `SMTP_URL` (the environment) applies
    #[schema(max_length = 253, example = "smtp.gmail.com")]
    pub smtp_host: String,
    #[schema(minimum = 1, maximum = 65535, example = 587)]
    pub smtp_port: i32,
    pub smtp_security: SmtpSecurity,
    #[schema(max_length = 254)]
    pub smtp_user_name: String,
    pub has_smtp_password: bool,
    /// `shop@example.vn` or `Shop <shop@example.vn>`; empty: `MAIL_FROM` with `SMTP_URL`
    #[schema(max_length = 320)]
    pub mail_from: String,
    #[schema(required = true, format = Email)]
    pub mail_reply_to: Option<String>,
    /// At most 10
    pub seller_emails: Vec<String>,
    pub has_telegram_bot_token: bool,
    /// A chat id (`-1001234567890`) or `@channel`; empty: `TELEGRAM_CHAT_ID`
    pub telegram_chat_id: String,
    pub events: EventSwitches,
    pub updated_at: DateTime<Utc>,
    #[schema(required = true)]
    pub updated_by: Option<String>,
    /// E-mail goes out (a server and a sender, stored or from the environment)
    pub email_enabled: bool,
    /// Telegram alerts go out (a bot token and a chat id, stored or from the environment)
    pub telegram_enabled: bool,
    /// The stored host is empty and the environment's `SMTP_URL` is used
    pub smtp_from_environment: bool,
    /// The environment's bot token or chat id is used
    pub telegram_from_environment: bool,
}

impl SettingsResponse {
    fn new(row: NotificationSettings, effective: &Effective) -> Self {
        Self {
            smtp_port: row.smtp_port,
            smtp_security: SmtpSecurity::parse(&row.smtp_security)
                .unwrap_or(SmtpSecurity::Starttls),
            has_smtp_password: row.smtp_password_sealed.is_some(),
            has_telegram_bot_token: row.telegram_token_sealed.is_some(),
            events: EventSwitches::from_json(&row.events),
            email_enabled: effective.email.is_some(),
            telegram_enabled: effective.telegram.is_some(),
            smtp_from_environment: effective.smtp_from_environment,
            telegram_from_environment: effective.telegram_from_environment,
            smtp_host: row.smtp_host,
            smtp_user_name: row.smtp_user_name,
            mail_from: row.mail_from,
            mail_reply_to: row.mail_reply_to,
            seller_emails: row.seller_emails,
            telegram_chat_id: row.telegram_chat_id,
            updated_at: row.updated_at,
            updated_by: row.updated_by,
        }
    }
}

/// PUT body (documentation of what `SettingsPatch` reads; the handler reads the JSON
/// object itself, so that a field left out and an explicit `null` differ).
#[derive(ToSchema)]
#[schema(rename_all = "camelCase", as = NotificationSettingsUpdate)]
#[allow(dead_code)]
pub struct SettingsUpdate {
    /// Empty or `null`: use `SMTP_URL`
    #[schema(nullable, max_length = 253)]
    smtp_host: Option<String>,
    #[schema(value_type = i32, required = false, minimum = 1, maximum = 65535)]
    smtp_port: Option<i32>,
    #[schema(value_type = SmtpSecurity, required = false)]
    smtp_security: Option<SmtpSecurity>,
    #[schema(nullable, max_length = 254)]
    smtp_user_name: Option<String>,
    /// Write-only: left out keeps the stored one, `""` or `null` clears it
    #[schema(nullable, max_length = 256)]
    smtp_password: Option<String>,
    /// Required with a stored SMTP host
    #[schema(nullable, max_length = 320)]
    mail_from: Option<String>,
    #[schema(nullable, format = Email)]
    mail_reply_to: Option<String>,
    /// At most 10 addresses; duplicates are dropped
    #[schema(nullable)]
    seller_emails: Option<Vec<String>>,
    /// Write-only: left out keeps the stored one, `""` or `null` clears it
    #[schema(nullable, pattern = "^[0-9]{1,20}:[A-Za-z0-9_-]{20,100}$")]
    telegram_bot_token: Option<String>,
    #[schema(nullable)]
    telegram_chat_id: Option<String>,
    /// Any subset of the switches
    #[schema(value_type = Object, required = false)]
    events: Option<Value>,
}

/// Notification settings (admin only)
#[utoipa::path(get, path = super::ADMIN_NOTIFICATION_SETTINGS, operation_id = "getNotificationSettings",
    tag = "Notification",
    responses((status = 200, description = "The settings, secrets never included", body = inline(Enveloped<SettingsResponse>)),
        Unauthorized, Forbidden, Unavailable))]
pub async fn read_settings(
    _admin: AdminUser,
    pool: web::Data<DbPool>,
    notifications: web::Data<Notifications>,
) -> Result<HttpResponse, SystemError> {
    let mut conn = pool.get().await?;
    let row = NotificationSettings::load(&mut conn).await?;
    let effective = Effective::resolve(&row, &notifications.cipher, &notifications.config);
    Ok(ok(SettingsResponse::new(row, &effective)))
}

/// A write-only secret's change: `None` unchanged, `Some(None)` cleared, else the nonce
/// and ciphertext.
type SecretChange = Option<Option<(Vec<u8>, Vec<u8>)>>;

fn seal(
    notifications: &Notifications,
    purpose: Purpose,
    secret: Option<&Option<String>>,
) -> Result<SecretChange, SystemError> {
    let Some(secret) = secret else {
        return Ok(None);
    };
    let Some(clear) = secret else {
        return Ok(Some(None));
    };
    let sealed = notifications
        .cipher
        .seal(purpose, clear)
        .map_err(|e| SystemError::Internal(e.to_string()))?;
    Ok(Some(Some((sealed.nonce, sealed.ciphertext))))
}

/// Save the notification settings (admin only)
///
/// A field left out stays unchanged. `smtpPassword` and `telegramBotToken` are write-only: left out keeps the stored value, `""` or `null` clears it; they are sealed at rest and never read back (`hasSmtpPassword`, `hasTelegramBotToken`). `events` may hold any subset of the switches. Invalid fields answer code 1 with one `details` entry each (`sellerEmails[i]`, `events.<name>` for members), and nothing is saved.
#[utoipa::path(put, path = super::ADMIN_NOTIFICATION_SETTINGS, operation_id = "updateNotificationSettings",
    tag = "Notification",
    request_body = SettingsUpdate,
    responses((status = 200, description = "The saved settings", body = inline(Enveloped<SettingsResponse>)),
        BadRequest, Unauthorized, Forbidden, PayloadTooLarge, Unavailable))]
pub async fn update_settings(
    AdminUser(user): AdminUser,
    body: web::Json<Value>,
    pool: web::Data<DbPool>,
    notifications: web::Data<Notifications>,
) -> Result<HttpResponse, SystemError> {
    let Value::Object(body) = body.into_inner() else {
        return Err(SystemError::BadRequest(
            "Dữ liệu gửi lên phải là một đối tượng JSON",
        ));
    };
    let mut conn = pool.get().await?;
    let current = NotificationSettings::load(&mut conn).await?;
    let view = SettingsView {
        smtp_host: current.smtp_host.clone(),
        mail_from: current.mail_from.clone(),
        events: EventSwitches::from_json(&current.events),
    };
    let patch = SettingsPatch::parse(&body, &view)?;
    let password = seal(
        &notifications,
        Purpose::SmtpPassword,
        patch.smtp_password.as_ref(),
    )?;
    let token = seal(
        &notifications,
        Purpose::TelegramBotToken,
        patch.telegram_bot_token.as_ref(),
    )?;
    let (password_nonce, password_sealed) = split(password);
    let (token_nonce, token_sealed) = split(token);
    let changes = NotificationSettingsChanges {
        smtp_host: patch.smtp_host,
        smtp_port: patch.smtp_port,
        smtp_security: patch.smtp_security.map(|s| s.as_str().to_owned()),
        smtp_user_name: patch.smtp_user_name,
        smtp_password_nonce: password_nonce,
        smtp_password_sealed: password_sealed,
        mail_from: patch.mail_from,
        mail_reply_to: patch.mail_reply_to,
        seller_emails: patch.seller_emails,
        telegram_token_nonce: token_nonce,
        telegram_token_sealed: token_sealed,
        telegram_chat_id: patch.telegram_chat_id,
        events: patch.events.map(EventSwitches::to_json),
        updated_at: Some(Utc::now()),
        updated_by: Some(Some(user.user_name.clone())),
        updated_by_id: Some(Some(user.id)),
    };
    let row = NotificationSettings::update(&mut conn, &changes).await?;
    tracing::info!(user = %user.user_name, user_id = %user.id, "notification settings saved");
    let effective = Effective::resolve(&row, &notifications.cipher, &notifications.config);
    Ok(ok(SettingsResponse::new(row, &effective)))
}

type SealedColumns = Option<Option<Vec<u8>>>;

fn split(sealed: SecretChange) -> (SealedColumns, SealedColumns) {
    match sealed {
        None => (None, None),
        Some(None) => (Some(None), Some(None)),
        Some(Some((nonce, ciphertext))) => (Some(Some(nonce)), Some(Some(ciphertext))),
    }
}

/// The Test body, as sent.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = NotificationTest)]
pub struct TestRequest {
    #[schema(value_type = Channel, required = true)]
    pub channel: Option<String>,
    /// E-mail: the address (default: the first seller address, else the sender);
    /// Telegram: a chat id (default: the configured chat)
    #[schema(nullable)]
    pub to: Option<String>,
}

/// Test's answer.
#[derive(Debug, Serialize, ToSchema)]
#[schema(as = NotificationTestResult)]
pub struct TestResult {
    /// Always `true` (a refusal is code 1)
    pub sent: bool,
}

fn mailbox_address(from: &str) -> String {
    from.parse::<lettre::message::Mailbox>()
        .map(|m| m.email.to_string())
        .unwrap_or_else(|_| from.to_owned())
}

/// Send a test e-mail or Telegram message now (admin only)
///
/// Sent at once, outside the worker, with the settings in force. A refusal answers code 1 whose `message` is the SMTP or Telegram server's own error (or the connection's), so that the admin can fix the settings.
#[utoipa::path(post, path = super::ADMIN_NOTIFICATION_TEST, operation_id = "testNotification",
    tag = "Notification",
    request_body = TestRequest,
    responses((status = 200, description = "Sent", body = inline(Enveloped<TestResult>)),
        TestRefused, Unauthorized, Forbidden, Unavailable))]
pub async fn test(
    AdminUser(user): AdminUser,
    body: web::Json<TestRequest>,
    pool: web::Data<DbPool>,
    notifications: web::Data<Notifications>,
) -> Result<HttpResponse, SystemError> {
    let body = body.into_inner();
    let mut p = Problems::default();
    let channel = body.channel.as_deref().and_then(Channel::parse);
    if channel.is_none() {
        p.push("channel", "Kênh là email hoặc telegram");
    }
    let to = body
        .to
        .as_deref()
        .map(str::trim)
        .filter(|t| !t.is_empty())
        .map(str::to_owned);
    match (channel, &to) {
        (Some(Channel::Email), Some(to)) if !plausible_email(to) => {
            p.push("to", "Email không hợp lệ");
        }
        (Some(Channel::Telegram), Some(to)) => {
            let _ = p.check("to", ChatId::parse(to));
        }
        _ => {}
    }
    let channel = p.finish::<_, SystemError>(|| channel)?;
    let (effective, shop) = {
        let mut conn = pool.get().await?;
        let effective = notify::effective(&mut conn, &notifications).await?;
        let app = AppConfiguration::load(&mut conn).await?;
        (
            effective,
            Shop::new(&app, &notifications.config.public_base_url),
        )
    };
    let result = match channel {
        Some(Channel::Email) => {
            let Some(email) = &effective.email else {
                return Err(SystemError::SendFailed(
                    "Chưa cấu hình máy chủ email (SMTP) và người gửi".to_owned(),
                ));
            };
            let to = to
                .or_else(|| effective.seller_emails.first().cloned())
                .unwrap_or_else(|| mailbox_address(&email.from));
            let message = mail::message(
                &email.from,
                email.reply_to.as_deref(),
                &to,
                Uuid::new_v4(),
                &templates::test_mail(&shop),
            );
            match (mail::transport(&email.server, 1), message) {
                (Ok(transport), Ok(message)) => mail::send(&transport, message).await,
                (Err(e), _) | (_, Err(e)) => Err(e),
            }
        }
        _ => {
            let Some(setup) = &effective.telegram else {
                return Err(SystemError::SendFailed(
                    "Chưa cấu hình bot Telegram (token và chat id)".to_owned(),
                ));
            };
            let setup = TelegramSetup {
                token: setup.token.clone(),
                chat_id: to.unwrap_or_else(|| setup.chat_id.clone()),
            };
            telegram::send(
                &notifications.http,
                &notifications.config.telegram_api_base,
                &setup,
                &templates::test_telegram(&shop),
            )
            .await
        }
    };
    tracing::info!(
        user = %user.user_name,
        channel = channel.map_or("", Channel::as_str),
        sent = result.is_ok(),
        "notification test"
    );
    result.map_err(|e| SystemError::SendFailed(e.message))?;
    Ok(ok(TestResult { sent: true }))
}

/// A delivery as lists show it; the recipient is masked.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = NotificationDelivery)]
pub struct DeliveryView {
    pub id: Uuid,
    #[schema(value_type = NotificationEventKind)]
    pub event: String,
    #[schema(value_type = Channel)]
    pub channel: String,
    #[schema(value_type = Audience)]
    pub audience: String,
    /// Masked: `ng***@gmail.com`, `-10***`
    pub recipient: String,
    #[schema(required = true, example = "DHAB12CD34")]
    pub order_code: Option<String>,
    /// The order's id (for a link to its page), when the event names one
    #[schema(required = true)]
    pub order_id: Option<Uuid>,
    #[schema(value_type = DeliveryStatus)]
    pub status: String,
    /// Sending attempts so far
    pub attempts: i32,
    /// The last failure, in the mail or Telegram server's words
    #[schema(required = true)]
    pub last_error: Option<String>,
    /// While pending: not before this
    pub next_attempt_at: DateTime<Utc>,
    pub created_at: DateTime<Utc>,
    #[schema(required = true)]
    pub sent_at: Option<DateTime<Utc>>,
}

impl DeliveryView {
    fn new((d, event, order_code, data): Listed) -> Self {
        let order_id = data
            .get("orderId")
            .and_then(Value::as_str)
            .and_then(|id| Uuid::parse_str(id).ok());
        Self {
            id: d.id,
            event,
            order_id,
            channel: d.channel,
            audience: d.audience,
            recipient: mask_recipient(&d.recipient),
            order_code,
            status: d.status,
            attempts: d.attempts,
            last_error: d.last_error,
            next_attempt_at: d.next_attempt_at,
            created_at: d.created_at,
            sent_at: d.sent_at,
        }
    }
}

/// The list's paging.
pub struct DeliveryPage;

impl PageSpec for DeliveryPage {
    const SORTABLE: &'static [&'static str] = &["createdAt"];
    const KEYWORD: &'static str =
        "Matches the order code or the recipient (case-insensitive substring).";
}

/// Filters of the list besides paging, as sent.
#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct FilterQuery {
    #[param(value_type = Option<DeliveryStatus>)]
    pub status: Option<String>,
    #[param(value_type = Option<Channel>)]
    pub channel: Option<String>,
    #[param(value_type = Option<NotificationEventKind>)]
    pub event: Option<String>,
    /// Created at or after (RFC 3339)
    #[param(value_type = Option<DateTime<Utc>>)]
    pub from: Option<String>,
    /// Created before (RFC 3339)
    #[param(value_type = Option<DateTime<Utc>>)]
    pub to: Option<String>,
}

impl FilterQuery {
    fn check(&self, keyword: Option<String>) -> Result<DeliveryFilter, SystemError> {
        let mut p = Problems::default();
        let trimmed = |v: &Option<String>| v.as_deref().map(str::trim).map(str::to_owned);
        let status = optional_choice(
            &mut p,
            "status",
            trimmed(&self.status).as_deref(),
            |t| DeliveryStatus::parse(t).map(DeliveryStatus::as_str),
            "Trạng thái là pending, sending, sent hoặc failed",
        );
        let channel = optional_choice(
            &mut p,
            "channel",
            trimmed(&self.channel).as_deref(),
            |t| Channel::parse(t).map(Channel::as_str),
            "Kênh là email hoặc telegram",
        );
        let event = optional_choice(
            &mut p,
            "event",
            trimmed(&self.event).as_deref(),
            |t| NotificationEventKind::parse(t).map(NotificationEventKind::as_str),
            MSG_EVENT,
        );
        let from = instant(&mut p, "from", self.from.as_deref());
        let to = instant(&mut p, "to", self.to.as_deref());
        p.finish(|| DeliveryFilter {
            keyword,
            status,
            channel,
            event,
            from,
            to,
        })
    }
}

/// Deliveries, newest first (admin only)
#[utoipa::path(get, path = super::ADMIN_NOTIFICATION_PAGINATION, operation_id = "paginateNotifications",
    tag = "Notification",
    params(PageParams<DeliveryPage>, FilterQuery),
    responses((status = 200, description = "Success", body = inline(Enveloped<PageOf<DeliveryView>>)),
        BadRequest, Unauthorized, Forbidden, Unavailable))]
pub async fn pagination(
    _admin: AdminUser,
    pool: web::Data<DbPool>,
    page: PageParams<DeliveryPage>,
    filter: web::Query<FilterQuery>,
) -> Result<HttpResponse, SystemError> {
    let filter = filter.check(page.keyword.clone())?;
    let ascending = matches!(page.sort, Some((_, SortDir::Asc)));
    let mut conn = pool.get().await?;
    let rows = deliveries::page(&mut conn, &filter, ascending, page.size, page.offset()).await?;
    let total = deliveries::count(&mut conn, &filter).await?;
    let items: Vec<DeliveryView> = rows.into_iter().map(DeliveryView::new).collect();
    Ok(ok(Page::new(items, total, &page)))
}

/// The Resend body, as sent.
#[derive(Debug, Deserialize, ToSchema)]
#[schema(as = NotificationResend)]
pub struct ResendRequest {
    #[schema(value_type = Uuid, required = true)]
    pub id: Option<Uuid>,
}

/// Send a failed delivery again (admin only)
///
/// The delivery becomes `pending`, due now, with a fresh retry window (its attempts are kept); an e-mail to the shopper still carries the order link, which is kept until it is sent. A delivery that is not `failed` answers code 404 (HTTP 409): for a lost link, RegenerateAccessLink with `sendEmail: true`.
#[utoipa::path(post, path = super::ADMIN_NOTIFICATION_RESEND, operation_id = "resendNotification",
    tag = "Notification",
    request_body = ResendRequest,
    responses((status = 200, description = "The delivery, pending again", body = inline(Enveloped<DeliveryView>)),
        BadRequest, Unauthorized, Forbidden, NotFound, NotFailed, Unavailable))]
pub async fn resend(
    AdminUser(user): AdminUser,
    body: web::Json<ResendRequest>,
    pool: web::Data<DbPool>,
    notifications: web::Data<Notifications>,
) -> Result<HttpResponse, SystemError> {
    let Some(id) = body.id else {
        return Err(SystemError::Validation(vec![shop_common::FieldError::new(
            "id",
            "Thiếu mã thông báo",
        )]));
    };
    let mut conn = pool.get().await?;
    match deliveries::resend(&mut conn, id).await? {
        None => return Err(SystemError::Database(diesel::result::Error::NotFound)),
        Some(false) => return Err(SystemError::NotFailed),
        Some(true) => {}
    }
    notifications.wake();
    tracing::info!(user = %user.user_name, delivery_id = %id, "notification resent");
    let row = deliveries::find(&mut conn, id).await?;
    Ok(ok(DeliveryView::new(row)))
}

/// The Enqueue body, as sent.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = NotificationEnqueue)]
pub struct EnqueueBody {
    /// The emitter's outbox row id: the same id again changes nothing
    #[schema(value_type = Uuid, required = true)]
    pub event_id: Option<String>,
    #[schema(value_type = NotificationEventKind, required = true)]
    pub event: Option<String>,
    #[schema(value_type = Option<DateTime<Utc>>)]
    pub occurred_at: Option<String>,
    /// Required for the events that e-mail the shopper
    #[schema(example = "DHAB12CD34")]
    pub order_code: Option<String>,
    /// Required for the events that e-mail the shopper; an address no mail server can
    /// take fails that delivery for good (it is not refused here)
    pub recipient_email: Option<String>,
    /// The order's link with its access token; sealed at rest, erased once sent
    pub access_link: Option<String>,
    /// The event's non-secret facts (docs/notifications.md)
    #[schema(value_type = Object)]
    pub data: Option<Map<String, Value>>,
}

/// Enqueue's answer.
#[derive(Debug, Serialize, ToSchema)]
#[schema(as = NotificationAccepted)]
pub struct Accepted {
    /// Always `true`: stored now or already known
    pub accepted: bool,
}

/// Store an event and its deliveries, once (internal)
///
/// Stores the event unless its `eventId` is known, and in the same transaction one delivery per channel and recipient the settings ask for now; the worker sends them. A replay answers the same and changes nothing.
#[utoipa::path(post, path = super::INTERNAL_NOTIFICATION_ENQUEUE, operation_id = "internalNotificationEnqueue",
    tag = "Internal",
    security(("internalKey" = [])), request_body = EnqueueBody,
    responses((status = 200, description = "Accepted", body = inline(Enveloped<Accepted>)),
        BadRequest, NoInternalKey, Unavailable))]
pub async fn enqueue(
    _caller: InternalCaller,
    body: web::Json<EnqueueBody>,
    pool: web::Data<DbPool>,
    notifications: web::Data<Notifications>,
) -> Result<HttpResponse, SystemError> {
    let body = body.into_inner();
    let event = EnqueueInput {
        event_id: body.event_id,
        event: body.event,
        order_code: body.order_code,
        recipient_email: body.recipient_email,
        access_link: body.access_link,
        data: body.data.map(Value::Object),
        occurred_at: body.occurred_at,
    }
    .check()?;
    let mut conn = pool.get().await?;
    let settings = notify::effective(&mut conn, &notifications).await?;
    if notify::enqueue(&mut conn, &notifications.cipher, &settings, &event).await? {
        notifications.wake();
    }
    Ok(ok(Accepted { accepted: true }))
}

/// ByOrder's query.
#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct ByOrderQuery {
    /// DH + 8 characters, any case
    #[param(value_type = String, required = true)]
    pub order_code: Option<String>,
}

/// ByOrder's answer.
#[derive(Debug, Serialize, ToSchema)]
#[schema(as = NotificationDeliveryList)]
pub struct DeliveryList {
    /// Oldest first
    pub items: Vec<DeliveryView>,
}

/// An order's deliveries, oldest first (internal)
#[utoipa::path(get, path = super::INTERNAL_NOTIFICATION_BY_ORDER, operation_id = "internalNotificationsByOrder",
    tag = "Internal",
    security(("internalKey" = [])), params(ByOrderQuery),
    responses((status = 200, description = "The deliveries", body = inline(Enveloped<DeliveryList>)),
        BadRequest, NoInternalKey, Unavailable))]
pub async fn by_order(
    _caller: InternalCaller,
    query: web::Query<ByOrderQuery>,
    pool: web::Data<DbPool>,
) -> Result<HttpResponse, SystemError> {
    let code = query
        .order_code
        .as_deref()
        .map(|c| c.trim().to_ascii_uppercase())
        .filter(|c| (1..=20).contains(&c.len()) && c.bytes().all(|b| b.is_ascii_alphanumeric()));
    let Some(code) = code else {
        return Err(SystemError::Validation(vec![shop_common::FieldError::new(
            "orderCode",
            "Mã đơn hàng không hợp lệ",
        )]));
    };
    let mut conn = pool.get().await?;
    let rows = deliveries::by_order(&mut conn, &code).await?;
    Ok(ok(DeliveryList {
        items: rows.into_iter().map(DeliveryView::new).collect(),
    }))
}
