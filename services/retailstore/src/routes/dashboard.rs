//! Dashboard/Summary: revenue and order counts for a range, revenue by Vietnam day, the
//! best sellers and the products running low (admin and staff).

use std::collections::{BTreeMap, HashMap};

use actix_web::{HttpResponse, web};
use chrono::{DateTime, Duration, Utc};
use serde::{Deserialize, Serialize};
use shop_common::auth::AuthUser;
use shop_common::db::DbPool;
use shop_common::ok;
use shop_common::openapi::{BadRequest, Enveloped, Unauthorized};
use shop_common::route_table::RouteTable;
use utoipa::{IntoParams, ToSchema};
use uuid::Uuid;

use super::ADMIN;
use super::order::instant;
use crate::domain::dashboard::{DEFAULT_RANGE_DAYS, MAX_RANGE_DAYS, days};
use crate::domain::order::OrderStatus;
use crate::error::{Problems, StoreError};
use crate::models::dashboard;

/// Best sellers and low-stock products listed at most.
pub const TOP_PRODUCTS: i64 = 10;
pub const LOW_STOCK: i64 = 50;

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct RangeQuery {
    /// RFC 3339 (mặc định to - 30 ngày)
    #[param(value_type = Option<DateTime<Utc>>)]
    pub from: Option<String>,
    /// RFC 3339 (mặc định bây giờ)
    #[param(value_type = Option<DateTime<Utc>>)]
    pub to: Option<String>,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DayView {
    /// `YYYY-MM-DD`, a Vietnam day.
    #[schema(format = Date)]
    pub date: String,
    pub revenue: i64,
    pub orders: i64,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TopProductView {
    pub product_id: Uuid,
    pub name: String,
    pub quantity: i64,
    pub revenue: i64,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct LowStockView {
    pub product_id: Uuid,
    pub name: String,
    pub available: i64,
    pub low_stock_threshold: i32,
}

/// The summary. `revenue`, `completedOrders`, `codesSold`, `revenueByDay` and
/// `topProducts` count orders completed in `[from, to)`; `orderCounts` counts orders
/// created in it, every status present.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DashboardSummary {
    pub from: DateTime<Utc>,
    pub to: DateTime<Utc>,
    /// Tổng tiền đã nhận của các đơn hoàn tất trong khoảng (theo completedAt)
    pub revenue: i64,
    pub completed_orders: i64,
    /// Số đơn tạo trong khoảng theo trạng thái (đủ 5 trạng thái)
    pub order_counts: BTreeMap<&'static str, i64>,
    /// Số mã của các đơn hoàn tất trong khoảng (không tính mã đổi)
    pub codes_sold: i64,
    /// Mỗi ngày (giờ Việt Nam, UTC+07:00) trong khoảng, kể cả ngày không có đơn
    pub revenue_by_day: Vec<DayView>,
    /// Tối đa 10, theo doanh thu dòng hàng
    pub top_products: Vec<TopProductView>,
    /// Sản phẩm active có số mã bán được (không tính mã hết hạn trong 1 ngày) <= ngưỡng, tối đa 50
    pub low_stock: Vec<LowStockView>,
}

impl RangeQuery {
    /// Defaults: `to` now, `from` 30 days before `to`; at most 366 days.
    fn check(&self) -> Result<(DateTime<Utc>, DateTime<Utc>), StoreError> {
        let mut p = Problems::default();
        let from = instant(&mut p, "from", self.from.as_deref());
        let to = instant(&mut p, "to", self.to.as_deref());
        p.finish::<_, StoreError>(|| ())?;
        let to = to.unwrap_or_else(Utc::now);
        let from = from.unwrap_or(to - Duration::days(DEFAULT_RANGE_DAYS));
        if from >= to {
            return Err(StoreError::field(
                "to",
                "Thời điểm kết thúc phải sau thời điểm bắt đầu",
            ));
        }
        if to - from > Duration::days(MAX_RANGE_DAYS) {
            return Err(StoreError::field(
                "from",
                format!("Khoảng thời gian tối đa {MAX_RANGE_DAYS} ngày"),
            ));
        }
        Ok((from, to))
    }
}

/// Tổng quan doanh thu
///
/// Khoảng [from, to), mặc định 30 ngày gần nhất, tối đa 366 ngày.
#[utoipa::path(get, path = "/retailstore/api/admin/v1/Dashboard/Summary",
    operation_id = "adminDashboardSummary", tag = "Dashboard",
    params(RangeQuery),
    responses((status = 200, description = "Thành công", body = inline(Enveloped<DashboardSummary>)),
        BadRequest, Unauthorized))]
async fn summary(
    _user: AuthUser,
    pool: web::Data<DbPool>,
    query: web::Query<RangeQuery>,
) -> Result<HttpResponse, StoreError> {
    let (from, to) = query.check()?;
    let mut conn = pool.get().await?;
    let totals = dashboard::totals(&mut conn, from, to).await?;
    let mut order_counts: BTreeMap<&'static str, i64> =
        OrderStatus::ALL.iter().map(|s| (s.as_str(), 0)).collect();
    for row in dashboard::status_counts(&mut conn, from, to).await? {
        if let Some(status) = OrderStatus::parse(&row.status) {
            order_counts.insert(status.as_str(), row.n);
        }
    }
    let by_day: HashMap<String, (i64, i64)> = dashboard::by_day(&mut conn, from, to)
        .await?
        .into_iter()
        .map(|d| (d.day, (d.revenue, d.orders)))
        .collect();
    let top = dashboard::top_products(&mut conn, from, to, TOP_PRODUCTS).await?;
    let low = dashboard::low_stock(&mut conn, LOW_STOCK).await?;
    drop(conn);
    let revenue_by_day = days(from, to)
        .into_iter()
        .map(|day| {
            let date = day.format("%Y-%m-%d").to_string();
            let (revenue, orders) = by_day.get(&date).copied().unwrap_or_default();
            DayView {
                date,
                revenue,
                orders,
            }
        })
        .collect();
    Ok(ok(DashboardSummary {
        from,
        to,
        revenue: totals.revenue,
        completed_orders: totals.orders,
        order_counts,
        codes_sold: totals.codes_sold,
        revenue_by_day,
        top_products: top
            .into_iter()
            .map(|t| TopProductView {
                product_id: t.product_id,
                name: t.name,
                quantity: t.quantity,
                revenue: t.revenue,
            })
            .collect(),
        low_stock: low
            .into_iter()
            .map(|l| LowStockView {
                product_id: l.product_id,
                name: l.name,
                available: l.available,
                low_stock_threshold: l.low_stock_threshold,
            })
            .collect(),
    }))
}

pub fn routes(table: RouteTable) -> RouteTable {
    table.get(&format!("{ADMIN}/Dashboard/Summary"), summary)
}
