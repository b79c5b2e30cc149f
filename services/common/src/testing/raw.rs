//! A raw HTTP/1.1 client: sends bytes as written, for paths and heads that a URL
//! library would normalise or refuse.

use std::io::{Read, Write};
use std::net::TcpStream;
use std::time::Duration;

use serde_json::Value;

/// A raw HTTP/1.1 exchange, byte for byte (no URL normalisation).
pub struct RawResponse {
    pub status: u16,
    pub head: String,
    pub body: Vec<u8>,
}

impl RawResponse {
    pub fn json(&self) -> Value {
        serde_json::from_slice(&self.body).unwrap_or(Value::Null)
    }

    pub fn header(&self, name: &str) -> Option<String> {
        self.head.lines().skip(1).find_map(|line| {
            let (n, v) = line.split_once(':')?;
            n.trim()
                .eq_ignore_ascii_case(name)
                .then(|| v.trim().to_owned())
        })
    }
}

/// Sends `request_head` (without the final blank line) and `body` to `base_url`.
pub async fn raw(base_url: &str, request_head: &str, body: &[u8]) -> RawResponse {
    let addr = base_url.trim_start_matches("http://").to_owned();
    let mut request =
        format!("{request_head}\r\nHost: {addr}\r\nConnection: close\r\n\r\n").into_bytes();
    request.extend_from_slice(body);
    tokio::task::spawn_blocking(move || {
        let mut stream = TcpStream::connect(&addr).unwrap();
        stream
            .set_read_timeout(Some(Duration::from_secs(20)))
            .unwrap();
        stream.write_all(&request).unwrap();
        let mut bytes = Vec::new();
        stream.read_to_end(&mut bytes).unwrap();
        let split = bytes
            .windows(4)
            .position(|w| w == b"\r\n\r\n")
            .expect("response head");
        let head = String::from_utf8_lossy(&bytes[..split]).into_owned();
        let mut body = bytes[split + 4..].to_vec();
        let status = head
            .split_whitespace()
            .nth(1)
            .and_then(|s| s.parse().ok())
            .unwrap_or(0);
        let chunked = head
            .to_ascii_lowercase()
            .contains("transfer-encoding: chunked");
        if chunked {
            body = dechunk(&body);
        }
        RawResponse { status, head, body }
    })
    .await
    .unwrap()
}

fn dechunk(mut data: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    loop {
        let Some(eol) = data.windows(2).position(|w| w == b"\r\n") else {
            return out;
        };
        let size_text = String::from_utf8_lossy(&data[..eol]);
        let size =
            usize::from_str_radix(size_text.split(';').next().unwrap().trim(), 16).unwrap_or(0);
        if size == 0 {
            return out;
        }
        let start = eol + 2;
        out.extend_from_slice(&data[start..start + size]);
        data = &data[start + size + 2..];
    }
}

/// A GET of a raw path through the gateway.
pub async fn raw_get(base_url: &str, path: &str) -> RawResponse {
    raw(base_url, &format!("GET {path} HTTP/1.1"), b"").await
}
