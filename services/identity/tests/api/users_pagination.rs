//! User/Pagination: filters, sorting, paging and its checks.

use crate::support;

use identity::routes::{USER_DELETE, USER_PAGINATION, USER_UPDATE};
use serde_json::json;
use shop_common::testing::Answer;
use support::{Api, Staff};

fn names(answer: &Answer) -> Vec<String> {
    answer
        .items()
        .iter()
        .map(|u| u["userName"].as_str().unwrap().to_owned())
        .collect()
}

#[tokio::test(flavor = "multi_thread")]
async fn pagination_filters_sorts_and_checks() {
    let api = Api::new().await;
    let admin = api.admin_token().await;
    for (name, role) in [
        ("charlie", "staff"),
        ("bravo", "staff"),
        ("delta", "admin"),
        ("echo", "staff"),
    ] {
        api.create_user(&admin, name, "pass-123", role).await;
    }
    let echo = api
        .with_token(Some(&admin))
        .get(&format!("{USER_PAGINATION}?keyword=echo"))
        .await
        .ok()["items"][0]
        .clone();
    api.with_token(Some(&admin))
        .put(USER_UPDATE, json!({ "id": echo["id"], "isActive": false }))
        .await
        .ok();
    api.token("bravo", "pass-123").await;

    // Default: createdAt desc.
    let all = api.with_token(Some(&admin)).get(USER_PAGINATION).await;
    assert_eq!(all.ok()["totalCount"], 5);
    assert_eq!(all.ok()["pageIndex"], 1);
    assert_eq!(all.ok()["pageSize"], 20);
    assert_eq!(names(&all), ["echo", "delta", "bravo", "charlie", "admin"]);
    let item = &all.ok()["items"][0];
    let mut keys: Vec<_> = item.as_object().unwrap().keys().cloned().collect();
    keys.sort();
    assert_eq!(
        keys,
        [
            "createdAt",
            "email",
            "fullName",
            "id",
            "isActive",
            "lastLoginAt",
            "role",
            "userName"
        ]
    );

    let by_name = api
        .with_token(Some(&admin))
        .get(&format!("{USER_PAGINATION}?sortBy=userName&sortDir=asc"))
        .await;
    assert_eq!(
        names(&by_name),
        ["admin", "bravo", "charlie", "delta", "echo"]
    );
    let by_name_desc = api
        .with_token(Some(&admin))
        .get(&format!("{USER_PAGINATION}?sortBy=userName&sortDir=desc"))
        .await;
    assert_eq!(
        names(&by_name_desc),
        ["echo", "delta", "charlie", "bravo", "admin"]
    );

    // lastLoginAt desc: most recent first, never-logged-in last.
    let by_login = api
        .with_token(Some(&admin))
        .get(&format!(
            "{USER_PAGINATION}?sortBy=lastLoginAt&sortDir=desc"
        ))
        .await;
    assert_eq!(names(&by_login)[..2], ["bravo", "admin"]);

    let staff = api
        .with_token(Some(&admin))
        .get(&format!("{USER_PAGINATION}?role=staff"))
        .await;
    assert_eq!(names(&staff), ["echo", "bravo", "charlie"]);
    let inactive = api
        .with_token(Some(&admin))
        .get(&format!("{USER_PAGINATION}?isActive=false"))
        .await;
    assert_eq!(names(&inactive), ["echo"]);
    let active_staff = api
        .with_token(Some(&admin))
        .get(&format!(
            "{USER_PAGINATION}?role=staff&isActive=true&sortBy=userName"
        ))
        .await;
    assert_eq!(names(&active_staff), ["bravo", "charlie"]);

    // Keyword over userName, fullName and e-mail, case-insensitive; LIKE wildcards literal.
    let by_mail = api
        .with_token(Some(&admin))
        .get(&format!("{USER_PAGINATION}?keyword=DELTA%40SHOP"))
        .await;
    assert_eq!(names(&by_mail), ["delta"]);
    let by_full = api
        .with_token(Some(&admin))
        .get(&format!(
            "{USER_PAGINATION}?keyword=ng%C6%B0%E1%BB%9Di%20d%C3%B9ng%20char"
        ))
        .await;
    assert_eq!(names(&by_full), ["charlie"]);
    let wildcard = api
        .with_token(Some(&admin))
        .get(&format!("{USER_PAGINATION}?keyword=%25"))
        .await;
    assert_eq!(wildcard.ok()["totalCount"], 0);

    // Paging.
    let page2 = api
        .with_token(Some(&admin))
        .get(&format!(
            "{USER_PAGINATION}?pageIndex=2&pageSize=2&sortBy=userName"
        ))
        .await;
    assert_eq!(names(&page2), ["charlie", "delta"]);
    assert_eq!(page2.ok()["totalCount"], 5);
    assert_eq!(page2.ok()["pageSize"], 2);

    // Bad queries: code 1 naming the parameter.
    for (query, field) in [
        ("sortBy=passwordHash", "sortBy"),
        ("pageSize=101", "pageSize"),
        ("pageSize=0", "pageSize"),
        ("pageIndex=0", "pageIndex"),
        ("sortDir=up", "sortDir"),
        ("role=boss", "role"),
        ("isActive=maybe", "isActive"),
        ("keyword=ab%00c", "keyword"),
    ] {
        let bad = api
            .with_token(Some(&admin))
            .get(&format!("{USER_PAGINATION}?{query}"))
            .await;
        bad.error(400, 1);
        assert_eq!(bad.detail_fields(), [field], "{query}");
    }
    api.with_token(Some(&admin))
        .get(&format!("{USER_PAGINATION}?pageSize=abc"))
        .await
        .error(400, 1);

    // Deleted users are not listed.
    let charlie = api
        .with_token(Some(&admin))
        .get(&format!("{USER_PAGINATION}?keyword=charlie"))
        .await;
    let charlie_id = charlie.ok()["items"][0]["id"].as_str().unwrap().to_owned();
    api.with_token(Some(&admin))
        .delete(&format!("{USER_DELETE}?id={charlie_id}"))
        .await
        .ok();
    let all = api.with_token(Some(&admin)).get(USER_PAGINATION).await;
    assert_eq!(all.ok()["totalCount"], 4);
    assert!(!names(&all).contains(&"charlie".to_owned()));
}
