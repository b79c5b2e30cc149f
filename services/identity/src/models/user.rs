//! The `users` table: the row type, its insert and update forms, and its queries.
//! Deleted accounts keep their row with `deleted_at` set; every query here sees live
//! accounts only.

use chrono::{DateTime, Utc};
use diesel::dsl::{count_star, not};
use diesel::pg::Pg;
use diesel::prelude::*;
use diesel_async::{AsyncPgConnection, RunQueryDsl};
use shop_common::auth::Role;
use shop_common::pagination::{PageRequest, SortDir, like_pattern};
use uuid::Uuid;

use crate::schema::users;

diesel::define_sql_function! {
    /// SQL `lower(text)`.
    fn lower(x: diesel::sql_types::Text) -> diesel::sql_types::Text;
}

#[derive(Debug, Clone, Queryable, Selectable, Identifiable)]
#[diesel(table_name = users, check_for_backend(Pg))]
pub struct UserRow {
    pub id: Uuid,
    pub user_name: String,
    pub full_name: String,
    pub email: Option<String>,
    pub password_hash: String,
    pub role: String,
    pub is_active: bool,
    pub token_version: i64,
    pub last_login_at: Option<DateTime<Utc>>,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
    pub deleted_at: Option<DateTime<Utc>>,
}

impl UserRow {
    /// The role; a value the CHECK constraint would refuse reads as the lesser role.
    pub fn role(&self) -> Role {
        Role::parse(&self.role).unwrap_or(Role::Staff)
    }

    pub fn is_active_admin(&self) -> bool {
        self.is_active && self.role() == Role::Admin && self.deleted_at.is_none()
    }
}

#[derive(Debug, Insertable)]
#[diesel(table_name = users)]
pub struct NewUser<'a> {
    pub id: Uuid,
    pub user_name: &'a str,
    pub full_name: &'a str,
    pub email: Option<&'a str>,
    pub password_hash: &'a str,
    pub role: &'a str,
    pub is_active: bool,
}

/// A partial update: `None` leaves a column unchanged; for `email`, `Some(None)` clears it.
#[derive(Debug, Default, AsChangeset)]
#[diesel(table_name = users)]
pub struct UserChanges {
    pub full_name: Option<String>,
    pub email: Option<Option<String>>,
    pub role: Option<String>,
    pub is_active: Option<bool>,
}

/// Filters of the user list.
#[derive(Debug, Default)]
pub struct UserFilter {
    pub keyword: Option<String>,
    pub role: Option<Role>,
    pub is_active: Option<bool>,
}

/// Sortable fields of the user list (the API names).
pub const SORTABLE: &[&str] = &["userName", "createdAt", "lastLoginAt"];

type LiveUsers = diesel::dsl::Filter<users::table, diesel::dsl::IsNull<users::deleted_at>>;

fn live() -> LiveUsers {
    users::table.filter(users::deleted_at.is_null())
}

fn filtered<'a>(filter: &'a UserFilter) -> users::BoxedQuery<'a, Pg> {
    let mut query = live().into_boxed();
    if let Some(keyword) = &filter.keyword {
        let pattern = like_pattern(keyword);
        query = query.filter(
            users::user_name
                .ilike(pattern.clone())
                .or(users::full_name.ilike(pattern.clone()))
                .or(users::email.ilike(pattern).assume_not_null()),
        );
    }
    if let Some(role) = filter.role {
        query = query.filter(users::role.eq(role.as_str()));
    }
    if let Some(active) = filter.is_active {
        query = query.filter(users::is_active.eq(active));
    }
    query
}

impl UserRow {
    /// A live user by id.
    pub async fn find(conn: &mut AsyncPgConnection, id: Uuid) -> QueryResult<Option<UserRow>> {
        live()
            .filter(users::id.eq(id))
            .select(UserRow::as_select())
            .first(conn)
            .await
            .optional()
    }

    /// A live user by id, row-locked until the end of the transaction.
    pub async fn find_for_update(
        conn: &mut AsyncPgConnection,
        id: Uuid,
    ) -> QueryResult<Option<UserRow>> {
        live()
            .filter(users::id.eq(id))
            .select(UserRow::as_select())
            .for_update()
            .first(conn)
            .await
            .optional()
    }

    /// A live user by the case-folded user name.
    pub async fn find_by_key(
        conn: &mut AsyncPgConnection,
        key: &str,
    ) -> QueryResult<Option<UserRow>> {
        live()
            .filter(lower(users::user_name).eq(key))
            .select(UserRow::as_select())
            .first(conn)
            .await
            .optional()
    }

    /// Locks every active admin row (in id order, so concurrent callers cannot deadlock)
    /// and returns their ids. Run first in a transaction that may remove or demote an
    /// admin: a concurrent one waits, then sees the outcome.
    pub async fn lock_active_admins(conn: &mut AsyncPgConnection) -> QueryResult<Vec<Uuid>> {
        live()
            .filter(users::role.eq(Role::Admin.as_str()))
            .filter(users::is_active)
            .select(users::id)
            .order(users::id)
            .for_update()
            .load(conn)
            .await
    }

    pub async fn insert(conn: &mut AsyncPgConnection, new: &NewUser<'_>) -> QueryResult<UserRow> {
        diesel::insert_into(users::table)
            .values(new)
            .returning(UserRow::as_returning())
            .get_result(conn)
            .await
    }

    /// Applies `changes`; with `revoke` also bumps the token version.
    pub async fn update(
        conn: &mut AsyncPgConnection,
        id: Uuid,
        changes: &UserChanges,
        revoke: bool,
    ) -> QueryResult<UserRow> {
        let target = live().filter(users::id.eq(id));
        let now = users::updated_at.eq(diesel::dsl::now);
        if revoke {
            diesel::update(target)
                .set((
                    changes,
                    now,
                    users::token_version.eq(users::token_version + 1),
                ))
                .returning(UserRow::as_returning())
                .get_result(conn)
                .await
        } else {
            diesel::update(target)
                .set((changes, now))
                .returning(UserRow::as_returning())
                .get_result(conn)
                .await
        }
    }

    /// Stores a new password hash and revokes the user's tokens. False if no such user.
    pub async fn set_password(
        conn: &mut AsyncPgConnection,
        id: Uuid,
        password_hash: &str,
    ) -> QueryResult<bool> {
        diesel::update(live().filter(users::id.eq(id)))
            .set((
                users::password_hash.eq(password_hash),
                users::token_version.eq(users::token_version + 1),
                users::updated_at.eq(diesel::dsl::now),
            ))
            .execute(conn)
            .await
            .map(|n| n > 0)
    }

    /// Like [`set_password`](Self::set_password), but only while the stored hash is still
    /// `expected_hash` (a concurrent change wins; this one then reports false).
    pub async fn replace_password(
        conn: &mut AsyncPgConnection,
        id: Uuid,
        expected_hash: &str,
        password_hash: &str,
    ) -> QueryResult<bool> {
        diesel::update(
            live()
                .filter(users::id.eq(id))
                .filter(users::password_hash.eq(expected_hash)),
        )
        .set((
            users::password_hash.eq(password_hash),
            users::token_version.eq(users::token_version + 1),
            users::updated_at.eq(diesel::dsl::now),
        ))
        .execute(conn)
        .await
        .map(|n| n > 0)
    }

    /// Marks the user deleted and revokes their tokens.
    pub async fn soft_delete(conn: &mut AsyncPgConnection, id: Uuid) -> QueryResult<bool> {
        diesel::update(live().filter(users::id.eq(id)))
            .set((
                users::deleted_at.eq(diesel::dsl::now),
                users::is_active.eq(false),
                users::token_version.eq(users::token_version + 1),
                users::updated_at.eq(diesel::dsl::now),
            ))
            .execute(conn)
            .await
            .map(|n| n > 0)
    }

    /// Records a successful login of an active user; `None` if the account is no longer
    /// live and active. Returns the row as it is now.
    pub async fn record_login(
        conn: &mut AsyncPgConnection,
        id: Uuid,
    ) -> QueryResult<Option<UserRow>> {
        diesel::update(live().filter(users::id.eq(id)).filter(users::is_active))
            .set(users::last_login_at.eq(diesel::dsl::now))
            .returning(UserRow::as_returning())
            .get_result(conn)
            .await
            .optional()
    }

    /// One page of live users and the total count.
    pub async fn page(
        conn: &mut AsyncPgConnection,
        filter: &UserFilter,
        page: &PageRequest,
    ) -> QueryResult<(Vec<UserRow>, i64)> {
        let total = filtered(filter)
            .select(count_star())
            .get_result(conn)
            .await?;
        let query = filtered(filter);
        let query = match page.sort.unwrap_or(("createdAt", SortDir::Desc)) {
            ("userName", SortDir::Asc) => query.order(lower(users::user_name).asc()),
            ("userName", SortDir::Desc) => query.order(lower(users::user_name).desc()),
            ("lastLoginAt", SortDir::Asc) => query.order(users::last_login_at.asc().nulls_last()),
            ("lastLoginAt", SortDir::Desc) => query.order(users::last_login_at.desc().nulls_last()),
            (_, SortDir::Asc) => query.order(users::created_at.asc()),
            (_, SortDir::Desc) => query.order(users::created_at.desc()),
        };
        let items = query
            .then_order_by(users::id.asc())
            .select(UserRow::as_select())
            .limit(page.size)
            .offset(page.offset())
            .load(conn)
            .await?;
        Ok((items, total))
    }

    /// Whether the table holds no row at all (deleted ones included).
    pub async fn table_is_empty(conn: &mut AsyncPgConnection) -> QueryResult<bool> {
        diesel::select(not(diesel::dsl::exists(users::table.select(users::id))))
            .get_result(conn)
            .await
    }
}
