//! The routes a service registers, kept as a table so that the same list that serves
//! the requests can be compared with the OpenAPI document (see
//! `testing::openapi::check_document`).
//!
//! ```ignore
//! RouteTable::new()
//!     .get("/system/api/web/v1/Configuration/AppConfiguration", configuration::public)
//!     .put("/system/api/admin/v1/Configuration/AppConfiguration", configuration::update)
//!     .configure(cfg);
//! ```
//!
//! Every path becomes one resource; a method it does not hold answers like an unknown
//! route (code 2 in the envelope), unless the resource is given its own fallback.

use actix_web::dev::HttpServiceFactory;
use actix_web::http::Method;
use actix_web::{FromRequest, Handler, Resource, Responder, Route, web};

use crate::error::not_found_route;

type Customise = Box<dyn FnOnce(Resource) -> Resource>;

struct Entry {
    path: String,
    routes: Vec<(Method, Route)>,
    customise: Vec<Customise>,
}

/// Routes grouped by path, in registration order.
#[derive(Default)]
pub struct RouteTable {
    entries: Vec<Entry>,
}

impl RouteTable {
    pub fn new() -> Self {
        Self::default()
    }

    fn entry(&mut self, path: &str) -> &mut Entry {
        let at = match self.entries.iter().position(|e| e.path == path) {
            Some(at) => at,
            None => {
                self.entries.push(Entry {
                    path: path.to_owned(),
                    routes: Vec::new(),
                    customise: Vec::new(),
                });
                self.entries.len() - 1
            }
        };
        &mut self.entries[at]
    }

    /// `handler` answers `method` on `path` (an actix pattern: `{name}` or `{name:regex}`).
    pub fn route<F, Args>(mut self, method: Method, path: &str, handler: F) -> Self
    where
        F: Handler<Args>,
        Args: FromRequest + 'static,
        F::Output: Responder + 'static,
    {
        let route = web::route().method(method.clone()).to(handler);
        self.entry(path).routes.push((method, route));
        self
    }

    pub fn get<F, Args>(self, path: &str, handler: F) -> Self
    where
        F: Handler<Args>,
        Args: FromRequest + 'static,
        F::Output: Responder + 'static,
    {
        self.route(Method::GET, path, handler)
    }

    pub fn post<F, Args>(self, path: &str, handler: F) -> Self
    where
        F: Handler<Args>,
        Args: FromRequest + 'static,
        F::Output: Responder + 'static,
    {
        self.route(Method::POST, path, handler)
    }

    pub fn put<F, Args>(self, path: &str, handler: F) -> Self
    where
        F: Handler<Args>,
        Args: FromRequest + 'static,
        F::Output: Responder + 'static,
    {
        self.route(Method::PUT, path, handler)
    }

    pub fn delete<F, Args>(self, path: &str, handler: F) -> Self
    where
        F: Handler<Args>,
        Args: FromRequest + 'static,
        F::Output: Responder + 'static,
    {
        self.route(Method::DELETE, path, handler)
    }

    /// Adjusts the resource of `path` (its own extractor limits, a fallback for other
    /// methods). The path must already hold a route.
    pub fn with(
        mut self,
        path: &str,
        customise: impl FnOnce(Resource) -> Resource + 'static,
    ) -> Self {
        self.entry(path).customise.push(Box::new(customise));
        self
    }

    /// Each registered operation: method and path in OpenAPI form (`{name:regex}` is
    /// written `{name}`).
    pub fn operations(&self) -> Vec<(Method, String)> {
        self.entries
            .iter()
            .flat_map(|e| {
                let path = openapi_path(&e.path);
                e.routes.iter().map(move |(m, _)| (m.clone(), path.clone()))
            })
            .collect()
    }

    /// Registers every resource on `cfg`.
    pub fn configure(self, cfg: &mut web::ServiceConfig) {
        for entry in self.entries {
            cfg.service(entry.into_resource());
        }
    }
}

impl Entry {
    fn into_resource(self) -> impl HttpServiceFactory {
        let mut resource = web::resource(self.path).default_service(web::to(not_found_route));
        for (_, route) in self.routes {
            resource = resource.route(route);
        }
        for customise in self.customise {
            resource = customise(resource);
        }
        resource
    }
}

/// `/a/{name:.*}` -> `/a/{name}`.
pub fn openapi_path(pattern: &str) -> String {
    let mut out = String::with_capacity(pattern.len());
    let mut in_regex = false;
    let mut depth = 0usize;
    for c in pattern.chars() {
        match c {
            '{' => {
                depth += 1;
                if !in_regex {
                    out.push(c);
                }
            }
            '}' => {
                depth = depth.saturating_sub(1);
                if depth == 0 {
                    in_regex = false;
                    out.push(c);
                }
            }
            ':' if depth == 1 => in_regex = true,
            _ if !in_regex => out.push(c),
            _ => {}
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::openapi_path;

    #[test]
    fn regex_segments_become_plain_parameters() {
        assert_eq!(openapi_path("/uploads/{name:.*}"), "/uploads/{name}");
        assert_eq!(openapi_path("/a/{id}/b"), "/a/{id}/b");
        assert_eq!(openapi_path("/a/{x:[0-9]{2}}"), "/a/{x}");
    }
}
