//! Product Create and Update bodies as sent, and their checking into the domain's
//! [`ProductFields`].

use serde::Deserialize;
use shop_common::input::{
    Invalid, Problems, image_url_ok, nullable, patch_optional as optional,
    patch_required as required,
};
use utoipa::ToSchema;
use uuid::Uuid;

use crate::domain::product::{
    DEFAULT_LOW_STOCK_THRESHOLD, DEFAULT_MAX_PER_ORDER, DEFAULT_MIN_PER_ORDER, MAX_DESCRIPTION,
    MAX_IMAGE_URL, MAX_LOW_STOCK_THRESHOLD, MAX_NAME, MAX_PER_ORDER_LIMIT, MAX_PRICE,
    MAX_REDEEM_INSTRUCTIONS, MAX_SORT_ORDER, MAX_SUMMARY, ProductFields, ProductListing,
    ProductStatus,
};
use crate::domain::{optional_text, slug};

/// Product fields as sent by Create, or as the current product with an Update applied:
/// nothing is checked yet.
#[derive(Debug, Clone, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ProductCreate {
    #[schema(value_type = String, required = true, min_length = 1, max_length = 200)]
    pub name: Option<String>,
    /// Bỏ trống: tạo từ tên (bỏ dấu tiếng Việt, đ -> d). Update: null tạo lại từ tên.
    #[schema(max_length = 200, pattern = "^[a-z0-9]+(-[a-z0-9]+)*$")]
    pub slug: Option<String>,
    #[schema(max_length = 500)]
    pub summary: Option<String>,
    #[schema(max_length = 20000)]
    pub description: Option<String>,
    /// Hướng dẫn sử dụng mã (Markdown, không HTML), hiện dưới các mã trên trang đơn hàng
    #[schema(max_length = 5000)]
    pub redeem_instructions: Option<String>,
    /// /uploads/<tên tệp> hoặc https://...
    #[schema(max_length = 2048)]
    pub image_url: Option<String>,
    /// VND
    #[schema(value_type = i64, required = true, minimum = 1, maximum = 1_000_000_000_000_i64)]
    pub price: Option<i64>,
    /// VND, >= price
    pub original_price: Option<i64>,
    #[schema(value_type = ProductStatus, required = false)]
    pub status: Option<String>,
    #[schema(value_type = i32, required = false, minimum = -1000000, maximum = 1000000, default = 0)]
    pub sort_order: Option<i32>,
    #[schema(value_type = i32, required = false, minimum = 1, maximum = 100, default = 1)]
    pub min_per_order: Option<i32>,
    /// >= minPerOrder
    #[schema(value_type = i32, required = false, minimum = 1, maximum = 100, default = 10)]
    pub max_per_order: Option<i32>,
    #[schema(value_type = i32, required = false, minimum = 0, maximum = 1000000, default = 10)]
    pub low_stock_threshold: Option<i32>,
}

impl ProductCreate {
    /// Checks every field, reporting all problems at once (code 1).
    pub fn check(self) -> Result<ProductFields, Invalid> {
        let mut p = Problems::default();

        let name = self.name.as_deref().map(str::trim).unwrap_or_default();
        let name_len = name.chars().count();
        if name_len == 0 {
            p.push("name", "Vui lòng nhập tên sản phẩm");
        } else if name_len > MAX_NAME {
            p.push("name", format!("Tên sản phẩm tối đa {MAX_NAME} ký tự"));
        } else if name.chars().any(char::is_control) {
            p.push("name", "Tên sản phẩm không được chứa ký tự điều khiển");
        }

        let slug = match self
            .slug
            .as_deref()
            .map(str::trim)
            .filter(|s| !s.is_empty())
        {
            Some(given) => {
                if !slug::is_valid(given) {
                    p.push(
                        "slug",
                        "Slug chỉ gồm chữ thường a-z, số 0-9 và dấu gạch ngang, tối đa 200 ký tự",
                    );
                }
                given.to_owned()
            }
            None => {
                let derived = slug::slugify(name);
                if derived.is_empty() && name_len > 0 {
                    p.push("slug", "Không tạo được slug từ tên, vui lòng nhập slug");
                }
                derived
            }
        };

        let summary = optional_text(&mut p, "summary", self.summary, MAX_SUMMARY, true);
        let description = optional_text(
            &mut p,
            "description",
            self.description,
            MAX_DESCRIPTION,
            true,
        );
        let redeem_instructions = optional_text(
            &mut p,
            "redeemInstructions",
            self.redeem_instructions,
            MAX_REDEEM_INSTRUCTIONS,
            true,
        );
        let image_url = self
            .image_url
            .map(|u| u.trim().to_owned())
            .filter(|u| !u.is_empty());
        if let Some(url) = &image_url
            && (url.len() > MAX_IMAGE_URL || !image_url_ok(url))
        {
            p.push(
                "imageUrl",
                "Ảnh phải là đường dẫn /uploads/... hoặc địa chỉ https://",
            );
        }

        let price = self.price.unwrap_or(0);
        match self.price {
            None => p.push("price", "Vui lòng nhập giá bán"),
            Some(v) if v <= 0 => p.push("price", "Giá bán phải lớn hơn 0"),
            Some(v) if v > MAX_PRICE => p.push("price", "Giá bán quá lớn"),
            Some(_) => {}
        }
        if let Some(original) = self.original_price
            && (original < price || original > MAX_PRICE)
        {
            p.push("originalPrice", "Giá gốc phải lớn hơn hoặc bằng giá bán");
        }

        let status = match self.status.as_deref() {
            None => ProductStatus::Draft,
            Some(text) => ProductStatus::parse(text).unwrap_or_else(|| {
                p.push("status", "Trạng thái là draft, active hoặc hidden");
                ProductStatus::Draft
            }),
        };

        let sort_order = self.sort_order.unwrap_or(0);
        if sort_order.abs() > MAX_SORT_ORDER {
            p.push("sortOrder", "Thứ tự từ -1.000.000 đến 1.000.000");
        }
        let min = self.min_per_order.unwrap_or(DEFAULT_MIN_PER_ORDER);
        let max = self.max_per_order.unwrap_or(DEFAULT_MAX_PER_ORDER);
        if !(1..=MAX_PER_ORDER_LIMIT).contains(&min) {
            p.push("minPerOrder", "Số lượng tối thiểu mỗi đơn từ 1 đến 100");
        }
        if !(1..=MAX_PER_ORDER_LIMIT).contains(&max) {
            p.push("maxPerOrder", "Số lượng tối đa mỗi đơn từ 1 đến 100");
        } else if min > max {
            p.push(
                "maxPerOrder",
                "Số lượng tối đa phải lớn hơn hoặc bằng số lượng tối thiểu",
            );
        }
        let threshold = self
            .low_stock_threshold
            .unwrap_or(DEFAULT_LOW_STOCK_THRESHOLD);
        if !(0..=MAX_LOW_STOCK_THRESHOLD).contains(&threshold) {
            p.push(
                "lowStockThreshold",
                "Ngưỡng sắp hết hàng từ 0 đến 1.000.000",
            );
        }

        p.finish(|| ProductFields {
            listing: ProductListing {
                name: name.to_owned(),
                slug,
                summary,
                description,
                image_url,
                price,
                original_price: self.original_price,
                redeem_instructions,
            },
            status,
            sort_order,
            min_per_order: min,
            max_per_order: max,
            low_stock_threshold: threshold,
        })
    }
}

impl From<ProductFields> for ProductCreate {
    fn from(f: ProductFields) -> Self {
        let ProductListing {
            name,
            slug,
            summary,
            description,
            image_url,
            price,
            original_price,
            redeem_instructions,
        } = f.listing;
        Self {
            name: Some(name),
            slug: Some(slug),
            summary,
            description,
            image_url,
            price: Some(price),
            original_price,
            redeem_instructions,
            status: Some(f.status.as_str().to_owned()),
            sort_order: Some(f.sort_order),
            min_per_order: Some(f.min_per_order),
            max_per_order: Some(f.max_per_order),
            low_stock_threshold: Some(f.low_stock_threshold),
        }
    }
}

/// The body of Product/Update: `id` plus any product field. A field left out stays; `null`
/// clears an optional field, re-derives `slug` from the name, and is refused for the
/// other required fields.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(
    description = "Trường bỏ qua: giữ nguyên; null: xóa trường tùy chọn (name, price, status, sortOrder, minPerOrder, maxPerOrder, lowStockThreshold không nhận null)."
)]
pub struct ProductUpdate {
    pub id: Uuid,
    #[serde(default, deserialize_with = "nullable")]
    #[schema(value_type = String, required = false, min_length = 1, max_length = 200)]
    pub name: Option<Option<String>>,
    /// Bỏ trống: tạo từ tên (bỏ dấu tiếng Việt, đ -> d). Update: null tạo lại từ tên.
    #[serde(default, deserialize_with = "nullable")]
    #[schema(value_type = Option<String>, max_length = 200, pattern = "^[a-z0-9]+(-[a-z0-9]+)*$")]
    pub slug: Option<Option<String>>,
    #[serde(default, deserialize_with = "nullable")]
    #[schema(value_type = Option<String>, max_length = 500)]
    pub summary: Option<Option<String>>,
    #[serde(default, deserialize_with = "nullable")]
    #[schema(value_type = Option<String>, max_length = 20000)]
    pub description: Option<Option<String>>,
    /// Hướng dẫn sử dụng mã (Markdown, không HTML); null: xóa
    #[serde(default, deserialize_with = "nullable")]
    #[schema(value_type = Option<String>, max_length = 5000)]
    pub redeem_instructions: Option<Option<String>>,
    /// /uploads/<tên tệp> hoặc https://...
    #[serde(default, deserialize_with = "nullable")]
    #[schema(value_type = Option<String>, max_length = 2048)]
    pub image_url: Option<Option<String>>,
    /// VND
    #[serde(default, deserialize_with = "nullable")]
    #[schema(value_type = i64, required = false, minimum = 1, maximum = 1_000_000_000_000_i64)]
    pub price: Option<Option<i64>>,
    /// VND, >= price
    #[serde(default, deserialize_with = "nullable")]
    #[schema(value_type = Option<i64>)]
    pub original_price: Option<Option<i64>>,
    #[serde(default, deserialize_with = "nullable")]
    #[schema(value_type = ProductStatus, required = false)]
    pub status: Option<Option<String>>,
    #[serde(default, deserialize_with = "nullable")]
    #[schema(value_type = i32, required = false, minimum = -1000000, maximum = 1000000, default = 0)]
    pub sort_order: Option<Option<i32>>,
    #[serde(default, deserialize_with = "nullable")]
    #[schema(value_type = i32, required = false, minimum = 1, maximum = 100, default = 1)]
    pub min_per_order: Option<Option<i32>>,
    /// >= minPerOrder
    #[serde(default, deserialize_with = "nullable")]
    #[schema(value_type = i32, required = false, minimum = 1, maximum = 100, default = 10)]
    pub max_per_order: Option<Option<i32>>,
    #[serde(default, deserialize_with = "nullable")]
    #[schema(value_type = i32, required = false, minimum = 0, maximum = 1000000, default = 10)]
    pub low_stock_threshold: Option<Option<i32>>,
}

impl ProductUpdate {
    /// The current product with this patch applied, then checked as a whole.
    pub fn apply(self, current: ProductFields) -> Result<ProductFields, Invalid> {
        let mut p = Problems::default();
        let mut form = ProductCreate::from(current);
        required(&mut p, "name", self.name, &mut form.name);
        optional(self.slug, &mut form.slug);
        optional(self.summary, &mut form.summary);
        optional(self.description, &mut form.description);
        optional(self.redeem_instructions, &mut form.redeem_instructions);
        optional(self.image_url, &mut form.image_url);
        required(&mut p, "price", self.price, &mut form.price);
        optional(self.original_price, &mut form.original_price);
        required(&mut p, "status", self.status, &mut form.status);
        required(&mut p, "sortOrder", self.sort_order, &mut form.sort_order);
        required(
            &mut p,
            "minPerOrder",
            self.min_per_order,
            &mut form.min_per_order,
        );
        required(
            &mut p,
            "maxPerOrder",
            self.max_per_order,
            &mut form.max_per_order,
        );
        required(
            &mut p,
            "lowStockThreshold",
            self.low_stock_threshold,
            &mut form.low_stock_threshold,
        );
        p.finish::<_, Invalid>(|| ())?;
        form.check()
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    fn fields_of(Invalid(problems): Invalid) -> Vec<String> {
        problems.into_iter().map(|f| f.field).collect()
    }

    fn form(name: &str, price: i64) -> ProductCreate {
        ProductCreate {
            name: Some(name.into()),
            price: Some(price),
            ..Default::default()
        }
    }

    #[test]
    fn defaults_and_slug() {
        let f = form("  Thẻ Garena 100K ", 100_000).check().unwrap();
        assert_eq!(f.listing.name, "Thẻ Garena 100K");
        assert_eq!(f.listing.slug, "the-garena-100k");
        assert_eq!(f.status, ProductStatus::Draft);
        assert_eq!((f.min_per_order, f.max_per_order), (1, 10));
        assert_eq!(f.low_stock_threshold, 10);
        assert_eq!(f.listing.summary, None);
    }

    #[test]
    fn reports_every_problem() {
        let bad = ProductCreate {
            name: Some(" ".into()),
            slug: Some("Bad Slug".into()),
            price: Some(0),
            original_price: Some(-1),
            status: Some("sold".into()),
            min_per_order: Some(5),
            max_per_order: Some(101),
            low_stock_threshold: Some(-1),
            image_url: Some("javascript:alert(1)".into()),
            ..Default::default()
        };
        assert_eq!(
            fields_of(bad.check().unwrap_err()),
            [
                "name",
                "slug",
                "imageUrl",
                "price",
                "originalPrice",
                "status",
                "maxPerOrder",
                "lowStockThreshold"
            ]
        );
        let min_over_max = ProductCreate {
            min_per_order: Some(5),
            max_per_order: Some(4),
            ..form("a", 1)
        };
        assert_eq!(
            fields_of(min_over_max.check().unwrap_err()),
            ["maxPerOrder"]
        );
        assert_eq!(fields_of(form("!!!", 1).check().unwrap_err()), ["slug"]);
        assert_eq!(
            fields_of(form("a", MAX_PRICE + 1).check().unwrap_err()),
            ["price"]
        );
    }

    #[test]
    fn image_urls() {
        for ok in ["/uploads/abc123.png", "https://cdn.example.com/a/b.jpg?x=1"] {
            assert!(image_url_ok(ok), "{ok}");
        }
        for bad in [
            "/uploads/",
            "/uploads/../etc/passwd",
            "/uploads/a/b.png",
            "http://x.com/a.png",
            "https:///a.png",
            "https://a.com/a b.png",
            "https://a.com/\"onload=",
            "/static/a.png",
        ] {
            assert!(!image_url_ok(bad), "{bad}");
        }
    }

    #[test]
    fn patch_semantics() {
        let current = ProductCreate {
            summary: Some("tóm tắt".into()),
            original_price: Some(120),
            ..form("Thẻ Viettel 50K", 100)
        }
        .check()
        .unwrap();
        let patch: ProductUpdate = serde_json::from_value(serde_json::json!({
            "id": Uuid::nil(), "summary": null, "price": 110, "name": "Thẻ Viettel 100K"
        }))
        .unwrap();
        let next = patch.apply(current.clone()).unwrap();
        assert_eq!(next.listing.summary, None);
        assert_eq!(next.listing.price, 110);
        assert_eq!(next.listing.original_price, Some(120));
        // The slug stays when left out, even though the name changed.
        assert_eq!(next.listing.slug, "the-viettel-50k");
        let reslug: ProductUpdate = serde_json::from_value(
            serde_json::json!({"id": Uuid::nil(), "slug": null, "name": "Mới"}),
        )
        .unwrap();
        assert_eq!(reslug.apply(current.clone()).unwrap().listing.slug, "moi");
        let null_price: ProductUpdate =
            serde_json::from_value(serde_json::json!({"id": Uuid::nil(), "price": null})).unwrap();
        assert_eq!(
            fields_of(null_price.apply(current.clone()).unwrap_err()),
            ["price"]
        );
        let under: ProductUpdate =
            serde_json::from_value(serde_json::json!({"id": Uuid::nil(), "price": 130})).unwrap();
        assert_eq!(
            fields_of(under.apply(current).unwrap_err()),
            ["originalPrice"]
        );
    }
}
