//! Accepted images, judged by their bytes only, and the content-addressed names they
//! are stored under. A client-chosen file name or Content-Type is never consulted.

use std::fmt;

use sha2::{Digest, Sha256};

/// The image formats the shop accepts.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ImageKind {
    Png,
    Jpeg,
    Webp,
    Gif,
}

impl ImageKind {
    pub const ALL: [ImageKind; 4] = [Self::Png, Self::Jpeg, Self::Webp, Self::Gif];

    pub fn extension(self) -> &'static str {
        match self {
            Self::Png => "png",
            Self::Jpeg => "jpg",
            Self::Webp => "webp",
            Self::Gif => "gif",
        }
    }

    pub fn content_type(self) -> &'static str {
        match self {
            Self::Png => "image/png",
            Self::Jpeg => "image/jpeg",
            Self::Webp => "image/webp",
            Self::Gif => "image/gif",
        }
    }

    pub fn from_extension(ext: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|k| k.extension() == ext)
    }

    /// The format announced by the file's signature, stricter than `imagesize`'s
    /// own sniffing: the whole PNG signature and its IHDR chunk, a GIF87a/89a header,
    /// a RIFF/WEBP container with a VP8 chunk, a JPEG start-of-image marker.
    pub fn sniff(bytes: &[u8]) -> Option<Self> {
        const PNG: &[u8] = b"\x89PNG\r\n\x1a\n";
        if bytes.starts_with(PNG) && bytes.get(12..16) == Some(b"IHDR") {
            return Some(Self::Png);
        }
        if bytes.starts_with(b"\xFF\xD8\xFF") {
            return Some(Self::Jpeg);
        }
        if bytes.starts_with(b"GIF87a") || bytes.starts_with(b"GIF89a") {
            return Some(Self::Gif);
        }
        let webp_chunk = bytes.get(12..16);
        if bytes.starts_with(b"RIFF")
            && bytes.get(8..12) == Some(b"WEBP")
            && matches!(webp_chunk, Some(b"VP8 " | b"VP8L" | b"VP8X"))
        {
            return Some(Self::Webp);
        }
        None
    }

    fn imagesize_type(self) -> imagesize::ImageType {
        match self {
            Self::Png => imagesize::ImageType::Png,
            Self::Jpeg => imagesize::ImageType::Jpeg,
            Self::Webp => imagesize::ImageType::Webp,
            Self::Gif => imagesize::ImageType::Gif,
        }
    }
}

/// A checked image: its format, size in pixels and content hash.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ImageInfo {
    pub kind: ImageKind,
    pub width: u32,
    pub height: u32,
    pub name: ObjectName,
}

/// The largest side accepted, in pixels: far above any product picture, and small enough
/// that a few bytes declaring a gigantic canvas (a decompression bomb for the browsers
/// that draw it, or a GIF header that doubles as a script) are refused.
pub const MAX_SIDE: u32 = 10_000;

/// Accepts `bytes` only when the signature names an accepted format, `imagesize`
/// agrees on that format and reads dimensions from it between 1 and `MAX_SIDE`.
pub fn analyse(bytes: &[u8]) -> Option<ImageInfo> {
    let kind = ImageKind::sniff(bytes)?;
    if imagesize::image_type(bytes).ok()? != kind.imagesize_type() {
        return None;
    }
    let size = imagesize::blob_size(bytes).ok()?;
    let side = |n: usize| u32::try_from(n).ok().filter(|n| (1..=MAX_SIDE).contains(n));
    let width = side(size.width)?;
    let height = side(size.height)?;
    Some(ImageInfo {
        kind,
        width,
        height,
        name: ObjectName::for_content(bytes, kind),
    })
}

/// `<sha256 hex>.<ext>`: the only names the store ever reads or writes.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct ObjectName {
    hash: String,
    kind: ImageKind,
}

impl ObjectName {
    pub fn for_content(bytes: &[u8], kind: ImageKind) -> Self {
        Self {
            hash: hex::encode(Sha256::digest(bytes)),
            kind,
        }
    }

    /// Accepts exactly `^[0-9a-f]{64}\.(png|jpg|webp|gif)$`.
    pub fn parse(name: &str) -> Option<Self> {
        let (hash, ext) = name.split_once('.')?;
        let hash_ok = hash.len() == 64
            && hash
                .bytes()
                .all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b));
        if !hash_ok {
            return None;
        }
        Some(Self {
            hash: hash.to_owned(),
            kind: ImageKind::from_extension(ext)?,
        })
    }

    /// The sha256 of the content, lower-case hex.
    pub fn hash(&self) -> &str {
        &self.hash
    }

    pub fn kind(&self) -> ImageKind {
        self.kind
    }

    /// The public URL path: `/uploads/<name>`.
    pub fn url(&self) -> String {
        format!("/uploads/{self}")
    }
}

impl fmt::Display for ObjectName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}.{}", self.hash, self.kind.extension())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn png(width: u32, height: u32) -> Vec<u8> {
        let mut b = b"\x89PNG\r\n\x1a\n\x00\x00\x00\x0dIHDR".to_vec();
        b.extend_from_slice(&width.to_be_bytes());
        b.extend_from_slice(&height.to_be_bytes());
        b.extend_from_slice(&[8, 6, 0, 0, 0, 0, 0, 0, 0]);
        b
    }

    #[test]
    fn names() {
        let hash = "0123456789abcdef".repeat(4);
        assert!(ObjectName::parse(&format!("{hash}.png")).is_some());
        assert!(ObjectName::parse(&format!("{hash}.jpg")).is_some());
        assert!(ObjectName::parse(&format!("{hash}.jpeg")).is_none());
        assert!(ObjectName::parse(&format!("{}.png", hash.to_uppercase())).is_none());
        assert!(ObjectName::parse(&format!("{hash}.png.png")).is_none());
        assert!(ObjectName::parse(&format!("{}.png", &hash[1..])).is_none());
        assert!(ObjectName::parse("../etc/passwd").is_none());
        assert!(ObjectName::parse("abc.png").is_none());
        let name = ObjectName::parse(&format!("{hash}.webp"));
        assert_eq!(name.map(|n| n.to_string()), Some(format!("{hash}.webp")));
    }

    #[test]
    fn png_dimensions() {
        let info = analyse(&png(3, 2));
        assert_eq!(
            info.as_ref().map(|i| (i.kind, i.width, i.height)),
            Some((ImageKind::Png, 3, 2))
        );
        assert!(analyse(&png(0, 2)).is_none());
        assert!(analyse(&png(MAX_SIDE, MAX_SIDE)).is_some());
        assert!(analyse(&png(MAX_SIDE + 1, 2)).is_none());
        assert!(analyse(&png(2, MAX_SIDE + 1)).is_none());
        // A GIF header that is also a script declares a 12605 x 24891 canvas.
        assert!(analyse(b"GIF89a=1;alert(document.cookie);//").is_none());
        assert!(analyse(b"\x89PNG\r\n\x1a\n").is_none());
        assert!(analyse(b"hello, world, this is text").is_none());
    }

    #[test]
    fn other_formats() {
        let gif = b"GIF89a\x02\x00\x03\x00\x80\x00\x00";
        assert_eq!(analyse(gif).map(|i| (i.width, i.height)), Some((2, 3)));
        // SOI, APP0 (length 16), SOF0 with height 5 and width 7.
        let mut jpeg =
            b"\xFF\xD8\xFF\xE0\x00\x10JFIF\x00\x01\x01\x00\x00\x01\x00\x01\x00\x00".to_vec();
        jpeg.extend_from_slice(
            b"\xFF\xC0\x00\x11\x08\x00\x05\x00\x07\x03\x01\x22\x00\x02\x11\x01\x03\x11\x01",
        );
        assert_eq!(
            analyse(&jpeg).map(|i| (i.kind, i.width, i.height)),
            Some((ImageKind::Jpeg, 7, 5))
        );
        // RIFF/WEBP with a VP8X chunk: canvas 10 x 20 (stored minus one, 24-bit LE).
        let mut webp = b"RIFF\x00\x00\x00\x00WEBPVP8X\x0a\x00\x00\x00\x00\x00\x00\x00".to_vec();
        webp.extend_from_slice(&[9, 0, 0, 19, 0, 0]);
        assert_eq!(
            analyse(&webp).map(|i| (i.kind, i.width, i.height)),
            Some((ImageKind::Webp, 10, 20))
        );
        assert!(analyse(b"RIFF\x00\x00\x00\x00WAVEfmt ").is_none());
    }

    #[test]
    fn content_addressed() {
        let a = analyse(&png(1, 1)).map(|i| i.name.to_string());
        let b = analyse(&png(1, 1)).map(|i| i.name.to_string());
        assert_eq!(a, b);
        assert!(a.is_some_and(|n| n.ends_with(".png") && n.len() == 68));
    }
}
