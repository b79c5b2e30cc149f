//! Storefront search: names found with or without diacritics, every word in any order,
//! the most relevant first, through the same answers as the list.

use crate::support;

use reqwest::Method;
use serde_json::{Value, json};
use support::*;

/// `text` percent-encoded for a query string (UTF-8 bytes).
fn encode(text: &str) -> String {
    text.bytes()
        .map(|b| {
            if b.is_ascii_alphanumeric() {
                (b as char).to_string()
            } else {
                format!("%{b:02X}")
            }
        })
        .collect()
}

/// The storefront list for `keyword`, as a shopper asks it.
async fn web_search(app: &TestApp, keyword: &str) -> support::Answer {
    let path = format!("{PRODUCT_WEB_PAGINATION}?keyword={}", encode(keyword));
    app.call(Method::GET, &path, None, None).await
}

fn names(answer: &Value) -> Vec<String> {
    answer["result"]["items"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["name"].as_str().unwrap().to_owned())
        .collect()
}

/// The names the storefront finds for `keyword`, most relevant first.
async fn found(app: &TestApp, keyword: &str) -> Vec<String> {
    let answer = web_search(app, keyword).await;
    let result = answer.ok();
    assert_eq!(
        result["totalCount"].as_u64().unwrap() as usize,
        result["items"].as_array().unwrap().len(),
        "keyword {keyword:?}: one page holds them all"
    );
    names(&answer.body)
}

async fn create(app: &TestApp, name: &str, sort_order: i32) -> String {
    let product = app
        .post(
            PRODUCT_CREATE,
            json!({"name": name, "price": 10_000, "status": "active", "sortOrder": sort_order}),
        )
        .await;
    product.ok()["id"].as_str().unwrap().to_owned()
}

#[tokio::test(flavor = "multi_thread")]
async fn names_are_found_with_or_without_diacritics_every_word_in_any_order() {
    let app = TestApp::spawn().await;
    create(&app, "Thẻ Game Đặc Biệt", 1).await;
    create(&app, "Game Thẻ Cào", 1).await;
    create(&app, "Đồng hồ thông minh", 1).await;
    create(&app, "Netflix 1 tháng", 1).await;
    app.post(
        PRODUCT_CREATE,
        json!({"name": "Thẻ Game nháp", "price": 1, "status": "draft"}),
    )
    .await
    .ok();

    // The phrase at the start of a name ranks before its words in another order.
    assert_eq!(
        found(&app, "the game").await,
        ["Thẻ Game Đặc Biệt", "Game Thẻ Cào"]
    );
    assert_eq!(
        found(&app, "GAME THẺ").await,
        ["Game Thẻ Cào", "Thẻ Game Đặc Biệt"]
    );
    for keyword in [
        "đồng hồ",
        "dong ho",
        "DONG HO",
        "hồ đồng",
        "thông   minh!",
        // Decomposed marks (some keyboards): o + circumflex + grave.
        "Đo\u{0302}\u{0300}ng",
        "ong ho",
    ] {
        assert_eq!(
            found(&app, keyword).await,
            ["Đồng hồ thông minh"],
            "{keyword:?}"
        );
    }
    assert_eq!(found(&app, "dac biet").await, ["Thẻ Game Đặc Biệt"]);
    assert_eq!(found(&app, "netflix 1").await, ["Netflix 1 tháng"]);
    // Every word must be there: the draft is never shown, and no name has `xyz`.
    assert!(found(&app, "thẻ xyz").await.is_empty());
    assert!(found(&app, "nháp").await.is_empty());
    // Nothing searchable in the keyword: nothing found (not the whole list).
    assert!(found(&app, "%").await.is_empty());
    assert!(found(&app, "!!! ???").await.is_empty());
}

#[tokio::test(flavor = "multi_thread")]
async fn the_most_relevant_come_first_then_the_sort_order() {
    let app = TestApp::spawn().await;
    // Sort orders against relevance, so that the order can only come from relevance.
    create(&app, "Siêu Megagarena", 1).await;
    create(&app, "Thẻ Garena 50K", 2).await;
    create(&app, "Thẻ Garena", 3).await;
    create(&app, "Garena 100K", 4).await;
    create(&app, "Garena", 5).await;
    create(&app, "100K Garena xu", 6).await;
    create(&app, "Steam", 0).await;

    assert_eq!(
        found(&app, "garena").await,
        [
            "Garena",          // the whole name
            "Garena 100K",     // its start
            "Thẻ Garena 50K",  // a word's start, then by sort order
            "Thẻ Garena",      //
            "100K Garena xu",  //
            "Siêu Megagarena", // anywhere
        ]
    );
    // Both words, in any order: the phrase first, then the sort order.
    assert_eq!(
        found(&app, "garena 100k").await,
        ["Garena 100K", "100K Garena xu"]
    );
    // The plain list keeps its own order.
    let plain = app
        .call(Method::GET, PRODUCT_WEB_PAGINATION, None, None)
        .await;
    assert_eq!(
        names(&plain.body)[..3],
        ["Steam", "Siêu Megagarena", "Thẻ Garena 50K"]
    );
}

#[tokio::test(flavor = "multi_thread")]
async fn empty_and_200_character_keywords() {
    let app = TestApp::spawn().await;
    create(&app, "Thẻ Game", 1).await;
    create(&app, "Steam Wallet", 2).await;

    let plain = app
        .call(Method::GET, PRODUCT_WEB_PAGINATION, None, None)
        .await;
    assert_eq!(names(&plain.body), ["Thẻ Game", "Steam Wallet"]);
    for blank in ["", "   "] {
        assert_eq!(found(&app, blank).await, names(&plain.body), "{blank:?}");
    }

    // 200 characters, the limit: its words found in the name (repeats count once).
    let long = "thẻ game ".repeat(22) + "th";
    assert_eq!(long.chars().count(), 200);
    assert_eq!(found(&app, &long).await, ["Thẻ Game"]);
    let many_words = "ab cd ".repeat(33) + "ef";
    assert_eq!(many_words.chars().count(), 200);
    assert!(found(&app, &many_words).await.is_empty());

    // One more: refused, naming the field, as any list's keyword.
    let answer = web_search(&app, &format!("{long}e")).await;
    assert_eq!(answer.error(400, 1), ["keyword"]);
    let answer = web_search(&app, "thẻ\u{0}").await;
    assert_eq!(answer.error(400, 1), ["keyword"]);
    // Nothing changed, and nothing wrong was cached.
    assert_eq!(found(&app, "").await, ["Thẻ Game", "Steam Wallet"]);
    assert_eq!(app.scalar("SELECT count(*) AS n FROM products").await, 2);
}

#[tokio::test(flavor = "multi_thread")]
async fn a_renamed_product_is_found_by_its_new_name_only() {
    let app = TestApp::spawn().await;
    let id = create(&app, "Thẻ Viettel 50K", 1).await;
    assert_eq!(found(&app, "viettel").await, ["Thẻ Viettel 50K"]);
    assert!(found(&app, "vinaphone").await.is_empty());

    app.put(
        PRODUCT_UPDATE,
        json!({"id": id, "name": "Thẻ Vinaphone 50K"}),
    )
    .await
    .ok();
    // Both answers were cached before the rename: the write drops them.
    assert_eq!(found(&app, "vinaphone").await, ["Thẻ Vinaphone 50K"]);
    assert!(found(&app, "viettel").await.is_empty());

    // A bad rename changes nothing: still found by its name.
    let answer = app
        .put(PRODUCT_UPDATE, json!({"id": id, "name": "   "}))
        .await;
    answer.error(400, 1);
    assert_eq!(found(&app, "vinaphone").await, ["Thẻ Vinaphone 50K"]);
}

#[tokio::test(flavor = "multi_thread")]
async fn the_stored_and_the_typed_side_fold_alike() {
    let app = TestApp::spawn().await;
    let names = [
        "Thẻ Garena 100K",
        "ỨNG DỤNG -- Việt  Nam!!",
        "Mã giảm giá Shopee 20%",
        "Đắk Lắk Ơ Ư Ă Â Ê Ô",
        "Tie\u{0301}ng Vie\u{0323}\u{0302}t",
        "Crème brûlée Ñandú Øresund",
    ];
    for (i, name) in names.iter().enumerate() {
        create(&app, name, i as i32).await;
    }
    for name in names {
        // The stored fold is the URL slug's fold, words apart.
        let stored = app
            .lines(&format!(
                "SELECT search AS line FROM products WHERE name = '{}'",
                name.replace('\'', "''")
            ))
            .await;
        let slug_fold = retailstore::domain::slug::slugify(name).replace('-', " ");
        assert_eq!(stored.len(), 1);
        assert_eq!(stored[0], slug_fold, "{name:?}");
        // Typed as it is, folded, or shouted: the keyword folds the same way, so the
        // product comes first (as its whole name).
        for keyword in [name.to_owned(), slug_fold.clone(), name.to_uppercase()] {
            assert_eq!(found(&app, &keyword).await[0], name, "{keyword:?}");
        }
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn the_admin_list_searches_the_same_way_in_any_status() {
    let app = TestApp::spawn().await;
    app.post(
        PRODUCT_CREATE,
        json!({"name": "Thẻ Zing nháp", "price": 30_000, "status": "draft"}),
    )
    .await
    .ok();
    app.post(
        PRODUCT_CREATE,
        json!({"name": "Zing Xu", "price": 20_000, "status": "hidden"}),
    )
    .await
    .ok();
    let list = |query: &str| format!("{PRODUCT_PAGINATION}?{query}");
    let relevant = app.get(&list("keyword=zing")).await;
    assert_eq!(names(&relevant.body), ["Zing Xu", "Thẻ Zing nháp"]);
    // An explicit sort wins over relevance.
    let by_price = app
        .get(&list("keyword=the%20zing&sortBy=price&sortDir=desc"))
        .await;
    assert_eq!(names(&by_price.body), ["Thẻ Zing nháp"]);
    let by_price = app
        .get(&list("keyword=zing&sortBy=price&sortDir=desc"))
        .await;
    assert_eq!(names(&by_price.body), ["Thẻ Zing nháp", "Zing Xu"]);
    let drafts = app.get(&list("keyword=ZING&status=draft")).await;
    assert_eq!(drafts["result"]["totalCount"], 1);
}

#[tokio::test(flavor = "multi_thread")]
async fn the_lists_counts_follow_every_write() {
    let app = TestApp::spawn().await;
    let total = |query: &'static str| {
        let app = &app;
        async move {
            let answer = app.get(&format!("{PRODUCT_PAGINATION}?{query}")).await;
            answer.ok()["totalCount"].as_i64().unwrap()
        }
    };
    let web_total = || async {
        let answer = app
            .call(Method::GET, PRODUCT_WEB_PAGINATION, None, None)
            .await;
        answer.ok()["totalCount"].as_i64().unwrap()
    };
    let active = create(&app, "Thẻ Garena", 1).await;
    let draft = app
        .post(
            PRODUCT_CREATE,
            json!({"name": "Thẻ Zing", "price": 1, "status": "draft"}),
        )
        .await
        .ok()["id"]
        .as_str()
        .unwrap()
        .to_owned();
    assert_eq!(
        (
            total("").await,
            total("status=draft").await,
            web_total().await
        ),
        (2, 1, 1)
    );

    app.put(PRODUCT_UPDATE, json!({"id": draft, "status": "active"}))
        .await
        .ok();
    // A change that keeps the status counts nothing twice.
    app.put(PRODUCT_UPDATE, json!({"id": active, "price": 20_000}))
        .await
        .ok();
    assert_eq!(
        (
            total("").await,
            total("status=draft").await,
            web_total().await
        ),
        (2, 0, 2)
    );
    app.delete(&format!("{PRODUCT_DELETE}?id={active}"))
        .await
        .ok();
    assert_eq!(
        (
            total("").await,
            total("status=active").await,
            web_total().await
        ),
        (1, 1, 1)
    );
    // The counters agree with a real count.
    assert_eq!(
        app.scalar("SELECT sum(n)::bigint AS n FROM product_counts")
            .await,
        app.scalar("SELECT count(*) AS n FROM products").await
    );
}
