//! A [`Doc`] rendered as e-mail (HTML and plain text) or as Telegram's HTML subset.

use super::*;

pub(super) fn render_mail(shop: &Shop, doc: &Doc) -> Mail {
    Mail {
        subject: doc.subject.clone(),
        text: render_text(shop, doc),
        html: render_html(shop, doc),
    }
}

pub(super) fn render_text(shop: &Shop, doc: &Doc) -> String {
    let mut out = String::new();
    for block in &doc.blocks {
        match block {
            Block::Para(p) | Block::Note(p) => out.push_str(p),
            Block::Facts(facts) => {
                let lines: Vec<String> = facts.iter().map(|(k, v)| format!("{k}: {v}")).collect();
                out.push_str(&lines.join("\n"));
            }
            Block::List(items) => {
                let lines: Vec<String> = items.iter().map(|i| format!("- {i}")).collect();
                out.push_str(&lines.join("\n"));
            }
            Block::Button(label, url) => out.push_str(&format!("{label}: {url}")),
        }
        out.push_str("\n\n");
    }
    out.push_str("-- \n");
    out.push_str(&shop.name);
    if let Some(contact) = contact_line(shop) {
        out.push('\n');
        out.push_str(&contact);
    }
    out.push('\n');
    out
}

pub(super) fn render_html(shop: &Shop, doc: &Doc) -> String {
    let mut body = String::new();
    for block in &doc.blocks {
        match block {
            Block::Para(p) => body.push_str(&format!(
                "<p style=\"margin:0 0 16px\">{}</p>",
                escape(p)
            )),
            Block::Note(p) => body.push_str(&format!(
                "<p style=\"margin:0 0 16px;color:#6b7280;font-size:13px\">{}</p>",
                escape(p)
            )),
            Block::Facts(facts) => {
                body.push_str("<table role=\"presentation\" style=\"border-collapse:collapse;margin:0 0 16px\">");
                for (label, value) in facts {
                    body.push_str(&format!(
                        "<tr><td style=\"padding:4px 16px 4px 0;color:#6b7280\">{}</td><td style=\"padding:4px 0;font-weight:600\">{}</td></tr>",
                        escape(label),
                        escape(value)
                    ));
                }
                body.push_str("</table>");
            }
            Block::List(items) => {
                body.push_str("<ul style=\"margin:0 0 16px;padding-left:20px\">");
                for item in items {
                    body.push_str(&format!("<li>{}</li>", escape(item)));
                }
                body.push_str("</ul>");
            }
            Block::Button(label, url) => body.push_str(&format!(
                "<p style=\"margin:0 0 16px\"><a href=\"{}\" style=\"display:inline-block;background:#2563eb;color:#ffffff;padding:10px 18px;border-radius:6px;text-decoration:none\">{}</a></p>",
                escape(url),
                escape(label)
            )),
        }
    }
    let logo = shop
        .logo_url
        .as_deref()
        .map(|url| {
            format!(
                "<img src=\"{}\" alt=\"{}\" style=\"max-height:48px;display:block;margin:0 0 16px\">",
                escape(url),
                escape(&shop.name)
            )
        })
        .unwrap_or_default();
    let contact = contact_line(shop)
        .map(|c| format!("<br>{}", escape(&c)))
        .unwrap_or_default();
    format!(
        "<!DOCTYPE html><html lang=\"vi\"><head><meta charset=\"utf-8\"><title>{title}</title></head>\
         <body style=\"margin:0;padding:24px;background:#f3f4f6;font-family:Arial,Helvetica,sans-serif;color:#111827\">\
         <div style=\"max-width:560px;margin:0 auto;background:#ffffff;border-radius:8px;padding:24px\">\
         {logo}<h1 style=\"font-size:20px;margin:0 0 16px\">{heading}</h1>{body}\
         <p style=\"margin:24px 0 0;color:#6b7280;font-size:12px\">{shop}{contact}</p></div></body></html>",
        title = escape(&doc.subject),
        heading = escape(&shop.name),
        shop = escape(&shop.name),
    )
}

pub(super) fn render_telegram(shop: &Shop, doc: &Doc) -> String {
    let mut out = format!("<b>{}</b>\n{}", escape(&doc.subject), escape(&shop.name));
    for block in &doc.blocks {
        out.push('\n');
        match block {
            Block::Para(p) | Block::Note(p) => out.push_str(&escape(p)),
            Block::Facts(facts) => {
                let lines: Vec<String> = facts
                    .iter()
                    .map(|(k, v)| format!("{}: <b>{}</b>", escape(k), escape(v)))
                    .collect();
                out.push_str(&lines.join("\n"));
            }
            Block::List(items) => {
                let lines: Vec<String> = items.iter().map(|i| format!("• {}", escape(i))).collect();
                out.push_str(&lines.join("\n"));
            }
            Block::Button(label, url) => {
                out.push_str(&format!(
                    "<a href=\"{}\">{}</a>",
                    escape(url),
                    escape(label)
                ));
            }
        }
    }
    // Telegram's limit is 4096 characters; facts are short, but a reason may not be.
    out.chars().take(4000).collect()
}
