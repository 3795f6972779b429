//! The one way an uploaded file is kept in S3: under
//! `{prefix}/{uploadId}/{fileName}`, as the browser's own text where it has
//! one, or as a CSV the server writes with the `csv` crate's writer (never
//! hand-made quoting). Files are kept when an upload commits, not on its dry
//! run. Keeping is best effort (a failure is logged and answered, never fails
//! the commit): the rows are the record, the file a convenience.
use crate::s3::PutOptions;
use crate::{deps::BucketRef, error::ApiError, upload::RawRow};

/// The key of a kept file; a `/` in the file name cannot make a folder.
pub fn key(prefix: &str, upload_id: &str, file_name: &str) -> String {
    format!("{prefix}/{upload_id}/{}", file_name.replace('/', "_"))
}

/// A CSV of these columns, one line per row (a missing cell is empty).
pub fn csv_of(columns: &[&str], rows: &[RawRow]) -> Result<String, ApiError> {
    let mut out = csv::Writer::from_writer(Vec::new());
    out.write_record(columns).map_err(ApiError::internal)?;
    for r in rows {
        out.write_record(columns.iter().map(|c| r.cell(c).unwrap_or_default())).map_err(ApiError::internal)?;
    }
    let bytes = out.into_inner().map_err(ApiError::internal)?;
    String::from_utf8(bytes).map_err(ApiError::internal)
}

/// Stores `text` under `key`; answers whether it was stored (a failure is logged).
pub async fn keep(bucket: BucketRef<'_>, key: &str, text: String) -> bool {
    let options = PutOptions { content_type: Some("text/csv"), ..PutOptions::default() };
    let stored = bucket.client.put_object(bucket.name, key, text.into_bytes(), &options).await;
    if let Err(e) = &stored {
        tracing::error!(key, error = %e, "uploaded file not kept");
    }
    stored.is_ok()
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn row(values: serde_json::Value) -> RawRow {
        RawRow { row: 2, values: values.as_object().cloned().unwrap() }
    }

    #[test]
    fn the_csv_writer_quotes_what_needs_quoting() {
        let rows = [row(json!({ "a": "plain", "b": "with, comma" })), row(json!({ "a": "say \"hi\"\nthen" }))];
        assert_eq!(csv_of(&["a", "b"], &rows).unwrap(), "a,b\nplain,\"with, comma\"\n\"say \"\"hi\"\"\nthen\",\n");
        assert_eq!(key("routes-upload", "u-1", "a/b.csv"), "routes-upload/u-1/a_b.csv");
    }
}
