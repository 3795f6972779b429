//! The one way an uploaded file is kept in S3: under
//! `{prefix}/{uploadId}/{fileName}`, as the browser's own text where it has
//! one, or as a CSV the server writes with the `csv` crate's writer (never
//! hand-made quoting). Files are kept when an upload commits, not on its dry
//! run. Keeping is best effort (a failure is logged and answered, never fails
//! the commit): the rows are the record, the file a convenience.
use crate::deps::BucketRef;
use crate::s3::PutOptions;

/// The key of a kept file; a `/` in the file name cannot make a folder.
pub fn key(prefix: &str, upload_id: &str, file_name: &str) -> String {
    format!("{prefix}/{upload_id}/{}", file_name.replace('/', "_"))
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

    #[test]
    fn a_kept_file_is_keyed_by_its_upload_and_name() {
        assert_eq!(key("routes-upload", "u-1", "a/b.csv"), "routes-upload/u-1/a_b.csv");
    }
}
