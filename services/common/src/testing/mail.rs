//! A real SMTP server for tests: maildev (npm) in a child process, on free local ports,
//! with its REST inbox. It can be stopped and started again on the same ports (a mail
//! server that goes away and comes back), and it is killed when dropped.
//!
//! The binary is `MAILDEV_BIN`, else `<workspace>/frontend/node_modules/.bin/maildev`
//! (installed by `npm ci` in `frontend/`).

use std::net::TcpListener;
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::time::Duration;

use serde_json::Value;

/// How long maildev may take to answer after it is started.
const START_TIMEOUT: Duration = Duration::from_secs(30);

/// Where maildev is: `MAILDEV_BIN`, else the frontend's copy.
pub fn maildev_bin() -> PathBuf {
    std::env::var_os("MAILDEV_BIN").map_or_else(
        || {
            PathBuf::from(env!("CARGO_MANIFEST_DIR"))
                .join("../../frontend/node_modules/.bin/maildev")
        },
        PathBuf::from,
    )
}

fn free_port() -> u16 {
    TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .map(|a| a.port())
        .expect("a free port")
}

/// A running maildev: SMTP on `smtp_port`, its web inbox and REST API on `web_port`.
pub struct MailCatcher {
    pub smtp_port: u16,
    pub web_port: u16,
    child: Option<Child>,
    http: reqwest::Client,
}

impl MailCatcher {
    /// Starts maildev on two free ports (trying other ports if one was taken meanwhile)
    /// and waits until it answers.
    pub async fn start() -> Self {
        let mut last_error = String::new();
        for _ in 0..5 {
            let mut catcher = Self {
                smtp_port: free_port(),
                web_port: free_port(),
                child: None,
                http: super::client(),
            };
            match catcher.launch().await {
                Ok(()) => return catcher,
                Err(e) => last_error = e,
            }
        }
        panic!("maildev did not start: {last_error}");
    }

    /// `smtp://127.0.0.1:<port>`: lettre's URL of the plain (no TLS) server.
    pub fn smtp_url(&self) -> String {
        format!("smtp://127.0.0.1:{}", self.smtp_port)
    }

    /// The web inbox.
    pub fn web_url(&self) -> String {
        format!("http://127.0.0.1:{}", self.web_port)
    }

    async fn launch(&mut self) -> Result<(), String> {
        let bin = maildev_bin();
        let child = Command::new(&bin)
            .args([
                "--smtp",
                &self.smtp_port.to_string(),
                "--web",
                &self.web_port.to_string(),
                "--ip",
                "127.0.0.1",
                "--silent",
            ])
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|e| format!("{}: {e}", bin.display()))?;
        self.child = Some(child);
        let deadline = tokio::time::Instant::now() + START_TIMEOUT;
        loop {
            if let Some(child) = self.child.as_mut()
                && let Ok(Some(status)) = child.try_wait()
            {
                self.child = None;
                return Err(format!("maildev exited: {status}"));
            }
            let smtp_up = std::net::TcpStream::connect_timeout(
                &std::net::SocketAddr::from(([127, 0, 0, 1], self.smtp_port)),
                Duration::from_millis(200),
            )
            .is_ok();
            let web_up = self
                .http
                .get(format!("{}/email", self.web_url()))
                .send()
                .await
                .is_ok_and(|r| r.status().is_success());
            if smtp_up && web_up {
                return Ok(());
            }
            if tokio::time::Instant::now() > deadline {
                self.stop();
                return Err("maildev did not answer in time".to_owned());
            }
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
    }

    /// Kills maildev (its inbox is lost); nothing listens on its ports until
    /// [`restart`](Self::restart).
    pub fn stop(&mut self) {
        if let Some(mut child) = self.child.take() {
            let _ = child.kill();
            let _ = child.wait();
        }
    }

    /// Starts maildev again on the same ports.
    pub async fn restart(&mut self) {
        self.stop();
        let mut last_error = String::new();
        // The old process's sockets may take a moment to go.
        for _ in 0..20 {
            match self.launch().await {
                Ok(()) => return,
                Err(e) => last_error = e,
            }
            tokio::time::sleep(Duration::from_millis(250)).await;
        }
        panic!("maildev did not restart: {last_error}");
    }

    /// Every mail received so far, oldest first, as maildev's REST API describes them
    /// (`subject`, `text`, `html`, `headers`, `envelope.to[].address`, `to`, `from`).
    pub async fn emails(&self) -> Vec<Value> {
        let response = self
            .http
            .get(format!("{}/email", self.web_url()))
            .send()
            .await
            .expect("maildev answers");
        response.json().await.expect("maildev's list is JSON")
    }

    /// Waits up to `timeout` until at least `count` mails arrived; returns them all.
    pub async fn wait_for(&self, count: usize, timeout: Duration) -> Vec<Value> {
        let deadline = tokio::time::Instant::now() + timeout;
        loop {
            let emails = self.emails().await;
            if emails.len() >= count || tokio::time::Instant::now() > deadline {
                return emails;
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    }

    /// Empties the inbox.
    pub async fn clear(&self) {
        let _ = self
            .http
            .delete(format!("{}/email/all", self.web_url()))
            .send()
            .await;
    }
}

/// The addresses a mail was delivered to (its envelope).
pub fn recipients(mail: &Value) -> Vec<String> {
    mail["envelope"]["to"]
        .as_array()
        .map(|to| {
            to.iter()
                .filter_map(|t| t["address"].as_str().map(str::to_owned))
                .collect()
        })
        .unwrap_or_default()
}

impl Drop for MailCatcher {
    fn drop(&mut self) {
        self.stop();
    }
}
