//! A stand-in for another service's routes in a service's own black-box tests.

use serde_json::Value;

use super::listener;

/// The success envelope of `result`, as a stub answers it.
pub fn envelope_ok(result: Value) -> Value {
    serde_json::json!({ "status": 200, "success": true, "result": result, "error": null })
}

/// A failure envelope (`code`, HTTP `status`), as a stub answers it.
pub fn envelope_error(status: u16, code: u32, message: &str) -> Value {
    serde_json::json!({
        "status": status,
        "success": false,
        "result": null,
        "error": { "code": code, "message": message },
    })
}

type StubHandler = std::sync::Arc<dyn Fn(&Value) -> (u16, Value) + Send + Sync>;

/// One request a [`Stub`] received.
#[derive(Debug, Clone)]
pub struct StubCall {
    pub method: String,
    pub path: String,
    /// Header names in lower case.
    pub headers: std::collections::HashMap<String, String>,
    /// The JSON body (`null` when empty or not JSON).
    pub body: Value,
    /// The HTTP status and JSON body the stub answered.
    pub status: u16,
    pub answer: Value,
}

#[derive(Default)]
struct StubState {
    handlers: std::collections::HashMap<(String, String), StubHandler>,
    calls: Vec<StubCall>,
    down: bool,
}

/// A stand-in for another service's routes in a service's own tests: canned or computed
/// answers per method and path, a record of every request, and a switch that makes it
/// answer like an unavailable upstream (HTTP 503, code 8). Unknown routes answer 404
/// code 2, like a real service.
pub struct Stub {
    pub base_url: String,
    state: std::sync::Arc<std::sync::Mutex<StubState>>,
}

impl Stub {
    /// Starts the stub on a free local port (call inside a tokio runtime).
    pub fn start() -> Self {
        let state = std::sync::Arc::new(std::sync::Mutex::new(StubState::default()));
        let shared = state.clone();
        let (listener, base_url) = listener();
        let server = actix_web::HttpServer::new(move || {
            let shared = shared.clone();
            actix_web::App::new().default_service(actix_web::web::to(
                move |req: actix_web::HttpRequest, body: actix_web::web::Bytes| {
                    let shared = shared.clone();
                    async move { Self::answer(&shared, &req, &body) }
                },
            ))
        })
        .workers(1)
        .listen(listener)
        .expect("stub listen")
        .run();
        tokio::spawn(server);
        Self { base_url, state }
    }

    fn answer(
        shared: &std::sync::Mutex<StubState>,
        req: &actix_web::HttpRequest,
        body: &[u8],
    ) -> actix_web::HttpResponse {
        let headers = req.headers().iter();
        let mut call = StubCall {
            method: req.method().as_str().to_owned(),
            path: req.path().to_owned(),
            headers: headers
                .map(|(k, v)| (k.to_string(), v.to_str().unwrap_or_default().to_owned()))
                .collect(),
            body: serde_json::from_slice(body).unwrap_or(Value::Null),
            status: 0,
            answer: Value::Null,
        };
        let (down, handler) = {
            let state = shared.lock().unwrap();
            let route = (call.method.clone(), call.path.clone());
            (state.down, state.handlers.get(&route).cloned())
        };
        (call.status, call.answer) = match (down, handler) {
            (true, _) => (
                503,
                envelope_error(503, 8, "Dịch vụ tạm thời không khả dụng"),
            ),
            (false, Some(handler)) => handler(&call.body),
            (false, None) => (404, envelope_error(404, 2, "Không tìm thấy")),
        };
        let answer = call.answer.to_string();
        let status = actix_web::http::StatusCode::from_u16(call.status).expect("status");
        shared.lock().unwrap().calls.push(call);
        actix_web::HttpResponse::build(status)
            .content_type("application/json")
            .body(answer)
    }

    /// Answers `method path` with `handler(body)` = (HTTP status, JSON body).
    pub fn reply<F>(&self, method: &str, path: &str, handler: F)
    where
        F: Fn(&Value) -> (u16, Value) + Send + Sync + 'static,
    {
        self.state.lock().unwrap().handlers.insert(
            (method.to_ascii_uppercase(), path.to_owned()),
            std::sync::Arc::new(handler),
        );
    }

    /// The JSON bodies received on `path` (any method), in order.
    pub fn calls(&self, path: &str) -> Vec<Value> {
        self.requests(path).into_iter().map(|c| c.body).collect()
    }

    /// The requests received on `path` (any method) and the answers, in order.
    pub fn requests(&self, path: &str) -> Vec<StubCall> {
        self.state
            .lock()
            .unwrap()
            .calls
            .iter()
            .filter(|c| c.path == path)
            .cloned()
            .collect()
    }

    /// While `true`, every request answers HTTP 503 code 8 (the requests are still
    /// recorded).
    pub fn set_down(&self, down: bool) {
        self.state.lock().unwrap().down = down;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::TestClient;
    use reqwest::Method;
    use serde_json::json;

    #[tokio::test]
    async fn stub_answers_records_and_goes_down() {
        let stub = Stub::start();
        stub.reply("post", "/svc/internal/v1/X/Do", |body| {
            (200, envelope_ok(serde_json::json!({ "echo": body["n"] })))
        });
        let http = TestClient::new(stub.base_url.clone(), None);
        let answer = http
            .send(
                Method::POST,
                "/svc/internal/v1/X/Do",
                None,
                &[("x-internal-key", "k")],
                Some(&serde_json::json!({ "n": 7 })),
            )
            .await;
        assert_eq!(answer.ok()["echo"], 7);
        http.get("/svc/other").await.error(404, 2);
        stub.set_down(true);
        http.post("/svc/internal/v1/X/Do", serde_json::json!({ "n": 8 }))
            .await
            .error(503, 8);
        let calls = stub.requests("/svc/internal/v1/X/Do");
        assert_eq!(calls.len(), 2);
        assert_eq!(calls[0].headers["x-internal-key"], "k");
        assert_eq!(stub.calls("/svc/internal/v1/X/Do")[1]["n"], 8);
        assert_eq!(
            (calls[0].status, &calls[0].answer["result"]["echo"]),
            (200, &json!(7))
        );
        assert_eq!(
            (calls[1].status, calls[1].answer["error"]["code"].clone()),
            (503, json!(8))
        );
        http.as_caller(crate::internal::Caller::Retailstore)
            .get("/svc/internal/v1/X/Do")
            .await
            .error(503, 8);
        let calls = stub.requests("/svc/internal/v1/X/Do");
        assert_eq!(
            calls[2].headers["x-internal-key"],
            crate::testing::caller_key(crate::internal::Caller::Retailstore)
        );
        assert!(!calls[2].headers.contains_key("authorization"));
    }
}
