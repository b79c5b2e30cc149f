//! Bulk import of serial codes (ProductSerialCode/CreateBulk): normalise, find repeats,
//! encrypt and hash off the async workers, then insert everything in one statement.

use std::collections::{HashMap, HashSet};
use std::sync::Arc;

use chrono::{DateTime, Utc};
use serde::Serialize;
use shop_common::db::DbPool;
use utoipa::ToSchema;
use uuid::Uuid;

use crate::crypto::{CodeCipher, CryptoError};
use crate::domain::serial_code::{Code, InvalidReason};
use crate::error::{StoreError, on_foreign_key};
use crate::models::product::Product;
use crate::models::serial_code::{CodeBatch, CodeChanges, SerialCodeRow};

/// The most codes one call may carry (code 313 above).
pub const MAX_CODES_PER_CALL: usize = shop_common::limits::BULK_MAX_CODES;

/// A checked import request.
#[derive(Debug)]
pub struct Import {
    pub product_id: Uuid,
    pub rows: Vec<Row>,
    pub note: Option<String>,
}

/// One submitted line: the code as sent (normalised later), the card's serial when it
/// has one (already checked), and its expiry (the row's own, else the call's).
#[derive(Debug, Clone, Default)]
pub struct Row {
    pub code: String,
    pub serial: Option<String>,
    pub expires_at: Option<DateTime<Utc>>,
}

impl Row {
    /// A bare code, as the `codes` array sends it.
    pub fn code(code: String, expires_at: Option<DateTime<Utc>>) -> Self {
        Self {
            code,
            serial: None,
            expires_at,
        }
    }
}

impl From<String> for Row {
    fn from(code: String) -> Self {
        Self::code(code, None)
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum DuplicateReason {
    /// Already stored in the shop, for this product or another (or stored by a
    /// concurrent import).
    Exists,
    /// Appears earlier in the same batch.
    Repeated,
}

/// Indexes are positions in the submitted `codes` array, from 0.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Duplicate {
    /// Vị trí trong codes, từ 0
    pub index: usize,
    /// The submitter's own (normalised) input.
    pub code: String,
    /// exists: đã có trong cửa hàng (sản phẩm này hoặc sản phẩm khác); repeated: lặp lại trong cùng lô
    pub reason: DuplicateReason,
    /// exists: tên sản phẩm khác đang giữ mã này (không có khi chính sản phẩm này giữ)
    #[serde(skip_serializing_if = "Option::is_none")]
    pub product_name: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Invalid {
    pub index: usize,
    pub reason: InvalidReason,
}

#[derive(Debug, Default, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CreateBulkResult {
    pub inserted: usize,
    pub duplicates: Vec<Duplicate>,
    pub invalid: Vec<Invalid>,
}

/// A distinct code of the batch with what is stored beside it.
#[derive(Debug)]
pub struct Planned {
    /// Its position in the submitted batch.
    pub index: usize,
    pub code: Code,
    pub serial: Option<String>,
    pub expires_at: Option<DateTime<Utc>>,
}

/// The batch sorted out: distinct codes with their first index, and what was set aside.
/// Blank lines appear nowhere.
#[derive(Debug, Default)]
pub struct Plan {
    pub unique: Vec<Planned>,
    pub repeated: Vec<Duplicate>,
    pub invalid: Vec<Invalid>,
}

pub fn plan<R: Into<Row>>(raw: Vec<R>) -> Plan {
    let mut plan = Plan::default();
    let mut seen: HashSet<String> = HashSet::with_capacity(raw.len());
    for (index, row) in raw.into_iter().map(Into::into).enumerate() {
        match Code::parse(&row.code) {
            Ok(None) => {}
            Err(reason) => plan.invalid.push(Invalid { index, reason }),
            Ok(Some(code)) => {
                if seen.contains(code.as_str()) {
                    plan.repeated.push(Duplicate {
                        index,
                        code: code.into_string(),
                        reason: DuplicateReason::Repeated,
                        product_name: None,
                    });
                } else {
                    seen.insert(code.as_str().to_owned());
                    plan.unique.push(Planned {
                        index,
                        code,
                        serial: row.serial,
                        expires_at: row.expires_at,
                    });
                }
            }
        }
    }
    plan
}

/// Encrypts and hashes the distinct codes. `source[i]` is the position in `unique` of
/// the batch's row `i`; rows are sorted by hash.
pub fn seal(
    cipher: &CodeCipher,
    product_id: Uuid,
    unique: &[Planned],
) -> Result<(CodeBatch, Vec<usize>), CryptoError> {
    let mut hashed: Vec<([u8; 32], usize)> = unique
        .iter()
        .enumerate()
        .map(|(pos, planned)| (cipher.hash(planned.code.as_str()), pos))
        .collect();
    hashed.sort_unstable();
    let n = hashed.len();
    let mut batch = CodeBatch {
        key_id: cipher.current_key_id(),
        seal_version: crate::crypto::SEAL_ROW_BOUND,
        ids: Vec::with_capacity(n),
        nonces: Vec::with_capacity(n),
        ciphertexts: Vec::with_capacity(n),
        hashes: Vec::with_capacity(n),
        tails: Vec::with_capacity(n),
        serials: Vec::with_capacity(n),
        expiries: Vec::with_capacity(n),
    };
    let mut source = Vec::with_capacity(n);
    for (hash, pos) in hashed {
        let planned = &unique[pos];
        let code = &planned.code;
        let id = Uuid::now_v7();
        let sealed = cipher.encrypt(id, product_id, code.as_str())?;
        batch.ids.push(id);
        batch.nonces.push(sealed.nonce);
        batch.ciphertexts.push(sealed.ciphertext);
        batch.hashes.push(hash.to_vec());
        batch.tails.push(code.visible_tail());
        batch.serials.push(planned.serial.clone());
        batch.expiries.push(planned.expires_at);
        source.push(pos);
    }
    Ok((batch, source))
}

/// Seals a replacement code for the stored row `id` (Update): the columns a batch row
/// gets, set on `changes`.
pub fn seal_one(
    cipher: &CodeCipher,
    id: Uuid,
    product_id: Uuid,
    code: &Code,
    changes: &mut CodeChanges,
) -> Result<(), CryptoError> {
    let sealed = cipher.encrypt(id, product_id, code.as_str())?;
    changes.key_id = Some(sealed.key_id);
    changes.seal_version = Some(sealed.seal_version);
    changes.nonce = Some(sealed.nonce);
    changes.ciphertext = Some(sealed.ciphertext);
    changes.code_hash = Some(cipher.hash(code.as_str()).to_vec());
    changes.last4 = Some(code.visible_tail());
    Ok(())
}

/// Runs an import. The product is checked first (code 2), the codes are sealed on a
/// blocking thread without holding a database connection, then inserted in one statement.
pub async fn import(
    pool: &DbPool,
    cipher: Arc<CodeCipher>,
    request: Import,
) -> Result<CreateBulkResult, StoreError> {
    if request.rows.len() > MAX_CODES_PER_CALL {
        return Err(StoreError::BatchTooLarge {
            size: request.rows.len(),
            max: MAX_CODES_PER_CALL,
        });
    }
    let product_id = request.product_id;
    {
        let mut conn = pool.get().await?;
        if !Product::exists(&mut conn, product_id).await? {
            return Err(StoreError::NotFound);
        }
    }

    let rows = request.rows;
    let (plan, batch, source) = tokio::task::spawn_blocking(move || {
        let plan = plan(rows);
        seal(&cipher, product_id, &plan.unique).map(|(batch, source)| (plan, batch, source))
    })
    .await??;

    let mut report = CreateBulkResult {
        inserted: 0,
        duplicates: plan.repeated,
        invalid: plan.invalid,
    };
    if !batch.is_empty() {
        let mut conn = pool.get().await?;
        let inserted =
            SerialCodeRow::insert_batch(&mut conn, product_id, request.note.as_deref(), &batch)
                .await
                // The product was deleted between the check and the insert.
                .map_err(on_foreign_key(StoreError::NotFound))?;
        report.inserted = inserted.len();
        let inserted: HashSet<Vec<u8>> = inserted.into_iter().collect();
        let skipped: Vec<Vec<u8>> = batch
            .hashes
            .iter()
            .filter(|h| !inserted.contains(*h))
            .cloned()
            .collect();
        // Which product holds each skipped code: named when it is another one.
        let elsewhere: HashMap<Vec<u8>, String> = if skipped.is_empty() {
            HashMap::new()
        } else {
            SerialCodeRow::holders(&mut conn, &skipped)
                .await?
                .into_iter()
                .filter(|holder| holder.product_id != product_id)
                .map(|holder| (holder.code_hash, holder.product_name))
                .collect()
        };
        for (row, hash) in batch.hashes.iter().enumerate() {
            if !inserted.contains(hash) {
                let planned = &plan.unique[source[row]];
                report.duplicates.push(Duplicate {
                    index: planned.index,
                    code: planned.code.as_str().to_owned(),
                    reason: DuplicateReason::Exists,
                    product_name: elsewhere.get(hash).cloned(),
                });
            }
        }
    }
    report.duplicates.sort_by_key(|d| d.index);
    Ok(report)
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    #[test]
    fn plans_a_messy_batch() {
        let long = "x".repeat(201);
        let raw = vec![
            "\u{FEFF}AAA-1\r".to_owned(), // 0: BOM and CR stripped
            "".to_owned(),                // 1: blank, not reported
            "BBB-2".to_owned(),           // 2
            " AAA-1 ".to_owned(),         // 3: repeat of 0
            long,                         // 4: too long
            "C\u{1}C".to_owned(),         // 5: control character
            "aaa-1".to_owned(),           // 6: another case, another code
            "   ".to_owned(),             // 7: blank
        ];
        let plan = plan(raw);
        let unique: Vec<_> = plan
            .unique
            .iter()
            .map(|p| (p.index, p.code.as_str().to_owned()))
            .collect();
        assert_eq!(
            unique,
            [
                (0, "AAA-1".into()),
                (2, "BBB-2".into()),
                (6, "aaa-1".into())
            ]
        );
        assert_eq!(
            plan.repeated,
            [Duplicate {
                index: 3,
                code: "AAA-1".into(),
                reason: DuplicateReason::Repeated,
                product_name: None,
            }]
        );
        assert_eq!(
            plan.invalid,
            [
                Invalid {
                    index: 4,
                    reason: InvalidReason::TooLong
                },
                Invalid {
                    index: 5,
                    reason: InvalidReason::ControlCharacter
                }
            ]
        );
    }

    #[test]
    fn seals_sorted_by_hash() {
        let cipher = CodeCipher::new((1, [1; 32]), &[], &[2; 32]).unwrap();
        let plan = plan(
            (0..50)
                .map(|i| Row {
                    code: format!("CODE-{i:04}"),
                    serial: Some(format!("SERI-{i:04}")),
                    expires_at: None,
                })
                .collect(),
        );
        let product = Uuid::new_v4();
        let (batch, source) = seal(&cipher, product, &plan.unique).unwrap();
        assert_eq!(batch.len(), 50);
        assert!(batch.hashes.windows(2).all(|w| w[0] < w[1]));
        for (row, pos) in source.iter().enumerate() {
            let code = plan.unique[*pos].code.as_str();
            assert_eq!(batch.hashes[row], cipher.hash(code).to_vec());
            // The serial travels with its own code through the sort by hash.
            assert_eq!(
                batch.serials[row].as_deref(),
                Some(code.replace("CODE", "SERI").as_str())
            );
            let clear = cipher
                .open_code(&crate::crypto::StoredCode {
                    id: batch.ids[row],
                    product_id: product,
                    key_id: 1,
                    seal_version: batch.seal_version,
                    nonce: &batch.nonces[row],
                    ciphertext: &batch.ciphertexts[row],
                    code_hash: &batch.hashes[row],
                })
                .unwrap();
            assert_eq!(clear, code);
            assert_eq!(batch.tails[row], &code[code.len() - 4..]);
        }
    }

    #[test]
    fn seals_one_replacement_like_a_batch_row() {
        let cipher = CodeCipher::new((1, [1; 32]), &[], &[2; 32]).unwrap();
        let (id, product) = (Uuid::new_v4(), Uuid::new_v4());
        let code = Code::parse("NEW-CODE-9876").unwrap().unwrap();
        let mut changes = CodeChanges::default();
        seal_one(&cipher, id, product, &code, &mut changes).unwrap();
        let hash = cipher.hash(code.as_str()).to_vec();
        assert_eq!(changes.code_hash.as_ref(), Some(&hash));
        assert_eq!(changes.last4.as_deref(), Some("9876"));
        let clear = cipher
            .open_code(&crate::crypto::StoredCode {
                id,
                product_id: product,
                key_id: changes.key_id.unwrap(),
                seal_version: changes.seal_version.unwrap(),
                nonce: changes.nonce.as_ref().unwrap(),
                ciphertext: changes.ciphertext.as_ref().unwrap(),
                code_hash: &hash,
            })
            .unwrap();
        assert_eq!(clear, code.as_str());
    }
}
