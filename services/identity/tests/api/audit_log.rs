//! AuditLog/Pagination: account changes and lockouts as an owner reads them back.

use crate::support;

use identity::routes::{
    AUDIT_LOG_PAGINATION, SELF_CHANGE_PASSWORD, USER_CREATE, USER_DELETE, USER_RESET_PASSWORD,
    USER_UPDATE,
};
use serde_json::{Value, json};
use shop_common::auth::Role;
use support::{Api, Staff};

/// The page's items as (action, actor, target).
fn rows(page: &Value) -> Vec<(String, String, String)> {
    page["items"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| {
            (
                e["action"].as_str().unwrap().to_owned(),
                e["actor"].as_str().unwrap().to_owned(),
                e["target"].as_str().unwrap().to_owned(),
            )
        })
        .collect()
}

fn row(action: &str, actor: &str, target: &str) -> (String, String, String) {
    (action.to_owned(), actor.to_owned(), target.to_owned())
}

#[tokio::test(flavor = "multi_thread")]
async fn account_changes_are_logged_newest_first() {
    let api = Api::new().await;
    let admin = api.admin_token().await;
    let created = api
        .create_user(&admin, "ketoan", "So-sach-2026", "staff")
        .await;
    let id = created["id"].as_str().unwrap().to_owned();
    let update = |body: Value| {
        let admin = admin.clone();
        let api = &api;
        async move {
            api.with_token(Some(&admin))
                .put(USER_UPDATE, body)
                .await
                .ok()
                .clone()
        }
    };
    update(json!({ "id": id, "fullName": "Kế toán trưởng" })).await;
    // A role change and a disable in one request: two entries.
    update(json!({ "id": id, "role": "admin", "isActive": false })).await;
    update(json!({ "id": id, "isActive": true })).await;
    api.with_token(Some(&admin))
        .post(
            USER_RESET_PASSWORD,
            json!({ "id": id, "newPassword": "Dat-lai-2026" }),
        )
        .await
        .ok();
    let own = api.token("ketoan", "Dat-lai-2026").await;
    api.with_token(Some(&own)).post(SELF_CHANGE_PASSWORD, json!({ "oldPassword": "Dat-lai-2026", "newPassword": "Cua-rieng-toi", "confirmPassword": "Cua-rieng-toi" }))
    .await
    .ok();
    api.with_token(Some(&admin))
        .delete(&format!("{USER_DELETE}?id={id}"))
        .await
        .ok();

    let page = api.with_token(Some(&admin)).get(AUDIT_LOG_PAGINATION).await;
    let page = page.ok();
    assert_eq!(
        rows(page),
        [
            row("user_delete", "admin", "ketoan"),
            row("password_change", "ketoan", "ketoan"),
            row("password_reset", "admin", "ketoan"),
            row("user_enable", "admin", "ketoan"),
            row("user_disable", "admin", "ketoan"),
            row("user_role_change", "admin", "ketoan"),
            row("user_update", "admin", "ketoan"),
            row("user_create", "admin", "ketoan"),
        ]
    );
    assert_eq!(page["totalCount"], 8);
    assert_eq!(
        (page["pageIndex"].as_i64(), page["pageSize"].as_i64()),
        (Some(1), Some(20))
    );
    let items = page["items"].as_array().unwrap();
    let role_change = &items[5];
    assert_eq!(role_change["detail"], "Vai trò: nhân viên → quản trị viên");
    assert_eq!(role_change["actorId"], api.admin.to_string());
    assert_eq!(items[0]["actorId"], api.admin.to_string());
    assert_eq!(items[1]["actorId"], id);
    for item in items {
        let keys: Vec<&str> = item
            .as_object()
            .unwrap()
            .keys()
            .map(String::as_str)
            .collect();
        assert_eq!(keys.len(), 7, "{item}");
        assert!(chrono::DateTime::parse_from_rfc3339(item["at"].as_str().unwrap()).is_ok());
        assert!(uuid::Uuid::parse_str(item["id"].as_str().unwrap()).is_ok());
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn refused_changes_log_nothing() {
    let api = Api::new().await;
    let admin = api.admin_token().await;
    let me = api.admin;
    api.with_token(Some(&admin))
        .put(USER_UPDATE, json!({ "id": me, "isActive": false }))
        .await
        .error(400, 132);
    api.with_token(Some(&admin))
        .put(USER_UPDATE, json!({ "id": me, "role": "staff" }))
        .await
        .error(400, 133);
    api.with_token(Some(&admin)).post(USER_CREATE, json!({ "userName": "nv-moi", "fullName": "X", "password": "password", "role": "staff" }))
    .await
    .error(400, 124);
    let page = api.with_token(Some(&admin)).get(AUDIT_LOG_PAGINATION).await;
    assert_eq!(page.ok()["totalCount"], 0);
}

#[tokio::test(flavor = "multi_thread")]
async fn a_lockout_is_logged_once() {
    let api = Api::new().await;
    let admin = api.admin_token().await;
    let staff = api.insert_user("thukho", "Kho-lanh-01", Role::Staff).await;
    for _ in 0..5 {
        api.login_from("thukho", "doan-bua", "2001:db8:9:9::5")
            .await;
    }
    // Guessing an account that does not exist locks too; no account id then.
    for _ in 0..3 {
        api.login_from("khong-co-ai", "doan-bua", "203.0.113.50")
            .await;
    }
    let page = api
        .with_token(Some(&admin))
        .get(&format!("{AUDIT_LOG_PAGINATION}?action=login_lockout"))
        .await;
    let page = page.ok();
    assert_eq!(
        rows(page),
        [
            row("login_lockout", "khong-co-ai", "203.0.113.50"),
            row("login_lockout", "thukho", "2001:db8:9:9::/64"),
        ]
    );
    let items = page["items"].as_array().unwrap();
    assert!(items[0].get("actorId").is_none());
    assert_eq!(items[1]["actorId"], staff.id.to_string());
    assert!(items[1]["detail"].as_str().unwrap().contains("3 lần"));
}

#[tokio::test(flavor = "multi_thread")]
async fn filters_and_bounds() {
    let api = Api::new().await;
    let admin = api.admin_token().await;
    api.create_user(&admin, "nv-mot", "Nhan-vien-1a", "staff")
        .await;
    let second = api
        .create_user(&admin, "nv-hai", "Nhan-vien-2b", "staff")
        .await;
    api.with_token(Some(&admin))
        .put(
            USER_UPDATE,
            json!({ "id": second["id"], "isActive": false }),
        )
        .await
        .ok();

    let get = |query: &str| {
        let url = format!("{AUDIT_LOG_PAGINATION}?{query}");
        let admin = admin.clone();
        let api = &api;
        async move { api.with_token(Some(&admin)).get(&url).await }
    };
    let disables = get("action=user_disable").await;
    assert_eq!(
        rows(disables.ok()),
        [row("user_disable", "admin", "nv-hai")]
    );
    // Actor: exact or part of the user name, any case.
    assert_eq!(get("actor=admin").await.ok()["totalCount"], 3);
    assert_eq!(get("actor=ADM").await.ok()["totalCount"], 3);
    assert_eq!(get("actor=nobody").await.ok()["totalCount"], 0);
    // Dates: half-open [from, to).
    let now = chrono::Utc::now();
    let hour = chrono::Duration::hours(1);
    let q = |from: chrono::DateTime<chrono::Utc>, to: chrono::DateTime<chrono::Utc>| {
        format!(
            "from={}&to={}",
            urlencode(&from.to_rfc3339()),
            urlencode(&to.to_rfc3339())
        )
    };
    assert_eq!(get(&q(now - hour, now + hour)).await.ok()["totalCount"], 3);
    assert_eq!(
        get(&q(now + hour, now + hour * 2)).await.ok()["totalCount"],
        0
    );
    let first_at = get("pageSize=1&pageIndex=3").await.ok()["items"][0]["at"]
        .as_str()
        .unwrap()
        .to_owned();
    let first_at = chrono::DateTime::parse_from_rfc3339(&first_at)
        .unwrap()
        .to_utc();
    // `to` is exclusive: the oldest entry's own instant leaves it out.
    assert_eq!(get(&q(now - hour, first_at)).await.ok()["totalCount"], 0);
    assert_eq!(get(&q(first_at, now + hour)).await.ok()["totalCount"], 3);
    // Paging.
    let page2 = get("pageSize=2&pageIndex=2").await;
    assert_eq!(rows(page2.ok()), [row("user_create", "admin", "nv-mot")]);
    assert_eq!(page2.ok()["totalCount"], 3);

    // Bad input: code 1 naming the field.
    for (query, field) in [
        ("action=bogus", "action"),
        ("action=User_Create", "action"),
        ("from=yesterday", "from"),
        ("to=2026-13-01T00:00:00Z", "to"),
        ("from=2026-12-02T00:00:00Z&to=2026-12-01T00:00:00Z", "to"),
        ("pageIndex=0", "pageIndex"),
        ("pageIndex=1000001", "pageIndex"),
        ("pageSize=0", "pageSize"),
        ("pageSize=101", "pageSize"),
        ("actor=ad%00min", "actor"),
    ] {
        let answer = get(query).await;
        answer.error(400, 1);
        assert_eq!(answer.detail_fields(), [field], "{query}");
    }
    let actor = "a".repeat(101);
    get(&format!("actor={actor}")).await.error(400, 1);
}

#[tokio::test(flavor = "multi_thread")]
async fn admins_only() {
    let api = Api::new().await;
    api.insert_user("nhanvien", "Nhan-vien-9z", Role::Staff)
        .await;
    let staff = api.token("nhanvien", "Nhan-vien-9z").await;
    api.with_token(Some(&staff))
        .get(AUDIT_LOG_PAGINATION)
        .await
        .error(403, 6);
    api.anon().get(AUDIT_LOG_PAGINATION).await.error(401, 5);
}

/// Enough escaping for RFC 3339 in a query string (`+` and `:`).
fn urlencode(s: &str) -> String {
    s.replace('+', "%2B").replace(':', "%3A")
}
