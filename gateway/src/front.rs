//! The gateway's HTTP service. A proxied request (a service's API, uploads) and a
//! refused one are served straight from actix-http's request by [`proxy`], without
//! actix-web's request object, router, middleware and extractors (about a tenth of a
//! proxied request's CPU); the SPA and the probes go to the actix-web `App` of
//! [`configure`](crate::configure). The path is classified once, here, and every
//! answer gets `Strict-Transport-Security` here when `HSTS_MAX_AGE_SECONDS` asks for it.

use std::rc::Rc;
use std::sync::Arc;

use actix_http::body::{BoxBody, MessageBody};
use actix_http::header::{HeaderValue, STRICT_TRANSPORT_SECURITY};
use actix_http::{HttpMessage, Request, Response};
use actix_web::dev::{AppConfig, Service, ServiceFactory, ServiceResponse};
use futures_util::FutureExt;
use futures_util::future::LocalBoxFuture;

use crate::path::{Classified, Route};
use crate::proxy;
use crate::state::{Gateway, Shared};

/// Builds each worker's [`FrontService`] around that worker's `App` service.
pub struct Front<F> {
    shared: Arc<Shared>,
    app: F,
}

impl<F> Front<F> {
    pub fn new(shared: Arc<Shared>, app: F) -> Self {
        Self { shared, app }
    }
}

impl<F, B> ServiceFactory<Request> for Front<F>
where
    F: ServiceFactory<
            Request,
            Config = AppConfig,
            Response = ServiceResponse<B>,
            Error = actix_web::Error,
            InitError = (),
        >,
    F::Service: 'static,
    F::Future: 'static,
    B: MessageBody + 'static,
{
    type Response = Response<BoxBody>;
    type Error = actix_web::Error;
    type Config = ();
    type Service = FrontService<F::Service>;
    type InitError = ();
    type Future = LocalBoxFuture<'static, Result<Self::Service, ()>>;

    fn new_service(&self, _: ()) -> Self::Future {
        let app = self.app.new_service(AppConfig::default());
        // Built here, on the worker thread whose connections it keeps.
        let gw = Rc::new(Gateway::new(self.shared.clone()));
        let hsts = self.shared.config.hsts_max_age.and_then(hsts_value);
        Box::pin(async move {
            Ok(FrontService {
                gw,
                app: app.await?,
                hsts,
            })
        })
    }
}

/// One worker's service: proxied and refused paths here, the rest to the `App`.
pub struct FrontService<S> {
    gw: Rc<Gateway>,
    app: S,
    /// The `Strict-Transport-Security` value every answer carries, when configured.
    hsts: Option<HeaderValue>,
}

/// `max-age=<seconds>; includeSubDomains` (`None` only if it were not a header value,
/// which digits and ASCII never fail to be).
pub fn hsts_value(max_age: u64) -> Option<HeaderValue> {
    HeaderValue::from_str(&format!("max-age={max_age}; includeSubDomains")).ok()
}

/// Adds the HSTS header, when there is one, to an answer.
fn with_hsts(mut res: Response<BoxBody>, hsts: Option<HeaderValue>) -> Response<BoxBody> {
    if let Some(value) = hsts {
        res.headers_mut().insert(STRICT_TRANSPORT_SECURITY, value);
    }
    res
}

impl<S, B> Service<Request> for FrontService<S>
where
    S: Service<Request, Response = ServiceResponse<B>, Error = actix_web::Error>,
    S::Future: 'static,
    B: MessageBody + 'static,
{
    type Response = Response<BoxBody>;
    type Error = actix_web::Error;
    type Future = LocalBoxFuture<'static, Result<Response<BoxBody>, actix_web::Error>>;

    actix_web::dev::forward_ready!(app);

    fn call(&self, req: Request) -> Self::Future {
        let classified = Classified::of(req.path());
        let hsts = self.hsts.clone();
        if classified.route == Route::Spa {
            // The metrics, the span and the SPA read it instead of classifying again.
            req.extensions_mut().insert(classified);
            let answer = self.app.call(req);
            Box::pin(async move {
                let res: Response<BoxBody> = answer.await?.map_into_boxed_body().into();
                Ok(with_hsts(res, hsts))
            })
        } else {
            let gw = self.gw.clone();
            // No async block around it: that would be one more copy of this large future.
            Box::pin(proxy::serve(req, classified, gw).map(move |res| Ok(with_hsts(res, hsts))))
        }
    }
}
