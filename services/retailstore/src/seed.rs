//! `retailstore seed-demo`: a small Vietnamese demo catalogue for local runs. Idempotent:
//! it only acts on an empty products table, under a table lock so that two seeders at
//! once cannot both fill it.

use diesel_async::{AsyncConnection, AsyncPgConnection, RunQueryDsl};
use rand::Rng;
use uuid::Uuid;

use crate::crypto::CodeCipher;
use crate::domain::product::ProductFields;
use crate::error::StoreError;
use crate::models::product::Product;
use crate::models::serial_code::SerialCodeRow;
use crate::routes::product::ProductCreate;
use crate::serial_codes::import::{Row, plan, seal};

/// Codes imported for each stocked product.
pub const CODES_PER_PRODUCT: usize = 30;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SeedOutcome {
    Seeded {
        products: usize,
        codes: usize,
    },
    /// The catalogue already had products: nothing was touched.
    AlreadySeeded,
}

struct DemoProduct {
    name: &'static str,
    summary: &'static str,
    description: &'static str,
    price: i64,
    original_price: Option<i64>,
    low_stock_threshold: i32,
    /// `A`: a random upper-case letter or digit, `9`: a random digit, else literal.
    /// `None`: the product stays out of stock.
    code_pattern: Option<&'static str>,
    /// A phone card's serial beside each code, same pattern rules; `None`: no serial.
    serial_pattern: Option<&'static str>,
    /// How to use a code (Markdown), shown under the codes on the order page.
    redeem: Option<&'static str>,
}

const DEMO: &[DemoProduct] = &[
    DemoProduct {
        name: "Thẻ Garena 100K",
        summary: "Thẻ nạp Garena mệnh giá 100.000đ, nhận mã ngay sau khi thanh toán.",
        description: "Dùng để nạp Sò cho Liên Quân Mobile, Free Fire và các game Garena.\nNạp tại napthe.vn, chọn Thẻ Garena và nhập mã.",
        price: 96_000,
        original_price: Some(100_000),
        low_stock_threshold: 10,
        code_pattern: Some("GRN9999AAAA9999"),
        serial_pattern: None,
        redeem: Some(
            "1. Vào [napthe.vn](https://napthe.vn) và đăng nhập tài khoản Garena.\n\
             2. Chọn **Thẻ Garena**, nhập mã thẻ rồi bấm **Nạp**.",
        ),
    },
    DemoProduct {
        name: "Thẻ Viettel 50K",
        summary: "Thẻ cào Viettel mệnh giá 50.000đ.",
        description: "Nạp tiền điện thoại trả trước Viettel: bấm *100*mã thẻ# rồi gọi.",
        price: 48_500,
        original_price: Some(50_000),
        low_stock_threshold: 10,
        code_pattern: Some("999999999999999"),
        serial_pattern: Some("10009999999999"),
        redeem: Some(
            "1. Trên điện thoại dùng sim Viettel, bấm **\\*100\\*mã thẻ#** rồi bấm gọi.\n\
             2. Hoặc nạp tại [viettel.vn](https://viettel.vn/nap-tien) với số seri và mã thẻ.",
        ),
    },
    DemoProduct {
        name: "Steam Wallet 200K",
        summary: "Mã Steam Wallet 200.000đ cho tài khoản khu vực Việt Nam.",
        description: "Đổi mã tại store.steampowered.com/account/redeemwalletcode.",
        price: 210_000,
        original_price: None,
        low_stock_threshold: 5,
        code_pattern: Some("AAAAA-AAAAA-AAAAA"),
        serial_pattern: None,
        redeem: None,
    },
    DemoProduct {
        name: "Mã giảm giá Shopee 20%",
        summary: "Giảm 20% tối đa 50.000đ cho đơn từ 150.000đ.",
        description: "Nhập mã ở bước thanh toán trên ứng dụng Shopee. Mỗi mã dùng một lần.",
        price: 15_000,
        original_price: None,
        low_stock_threshold: 10,
        code_pattern: Some("SHP20AAAAAAAA"),
        serial_pattern: None,
        redeem: None,
    },
    DemoProduct {
        name: "Windows 11 Pro Key",
        summary: "Khóa kích hoạt bản quyền Windows 11 Pro, dùng vĩnh viễn.",
        description: "Vào Settings > System > Activation > Change product key và nhập khóa.",
        price: 390_000,
        original_price: Some(1_200_000),
        low_stock_threshold: 3,
        code_pattern: Some("AAAAA-AAAAA-AAAAA-AAAAA-AAAAA"),
        serial_pattern: None,
        redeem: None,
    },
    DemoProduct {
        name: "Netflix 1 tháng",
        summary: "Gói Netflix Premium 1 tháng.",
        description: "Tạm hết hàng: mã mới sẽ được nhập sớm.",
        price: 79_000,
        original_price: Some(260_000),
        low_stock_threshold: 5,
        code_pattern: None,
        serial_pattern: None,
        redeem: None,
    },
];

const ALPHANUMERIC: &[u8] = b"ABCDEFGHJKLMNPQRSTUVWXYZ23456789";

fn random_code(pattern: &str, rng: &mut impl Rng) -> String {
    pattern
        .chars()
        .map(|c| match c {
            'A' => char::from(ALPHANUMERIC[rng.random_range(0..ALPHANUMERIC.len())]),
            '9' => char::from(b'0' + rng.random_range(0..10u8)),
            other => other,
        })
        .collect()
}

fn fields(demo: &DemoProduct, sort_order: i32) -> Result<ProductFields, StoreError> {
    ProductCreate {
        name: Some(demo.name.to_owned()),
        summary: Some(demo.summary.to_owned()),
        description: Some(demo.description.to_owned()),
        redeem_instructions: demo.redeem.map(str::to_owned),
        price: Some(demo.price),
        original_price: demo.original_price,
        status: Some("active".to_owned()),
        sort_order: Some(sort_order),
        low_stock_threshold: Some(demo.low_stock_threshold),
        ..ProductCreate::default()
    }
    .check()
    .map_err(StoreError::from)
}

/// Seeds the demo catalogue when the products table is empty.
pub async fn seed_demo(
    conn: &mut AsyncPgConnection,
    cipher: &CodeCipher,
) -> Result<SeedOutcome, StoreError> {
    conn.transaction(async |conn| {
        diesel::sql_query("LOCK TABLE products IN SHARE ROW EXCLUSIVE MODE")
            .execute(conn)
            .await?;
        if Product::any(conn).await? {
            return Ok(SeedOutcome::AlreadySeeded);
        }
        let mut codes = 0;
        for (position, demo) in DEMO.iter().enumerate() {
            let sort_order = i32::try_from(position).unwrap_or(i32::MAX);
            let product = Product::insert(conn, Uuid::now_v7(), &fields(demo, sort_order)?).await?;
            let Some(pattern) = demo.code_pattern else {
                continue;
            };
            let raw: Vec<Row> = {
                let mut rng = rand::rng();
                (0..CODES_PER_PRODUCT)
                    .map(|_| Row {
                        code: random_code(pattern, &mut rng),
                        serial: demo.serial_pattern.map(|p| random_code(p, &mut rng)),
                        expires_at: None,
                    })
                    .collect()
            };
            let plan = plan(raw);
            let (batch, _) = seal(cipher, product.id, &plan.unique)?;
            codes += SerialCodeRow::insert_batch(conn, product.id, Some("Mã demo"), &batch)
                .await?
                .len();
        }
        Ok(SeedOutcome::Seeded {
            products: DEMO.len(),
            codes,
        })
    })
    .await
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn demo_products_are_valid() {
        for (i, demo) in DEMO.iter().enumerate() {
            let f = fields(demo, i as i32);
            assert!(f.is_ok(), "{}: {f:?}", demo.name);
        }
        assert_eq!(DEMO.iter().filter(|d| d.code_pattern.is_none()).count(), 1);
    }

    #[test]
    fn codes_follow_their_pattern() {
        let code = random_code("SHP20AAAA-99", &mut rand::rng());
        assert_eq!(code.len(), 12);
        assert!(code.starts_with("SHP20"));
        assert!(code[10..].bytes().all(|b| b.is_ascii_digit()));
    }
}
