//! The Snapshots bucket (see `crate::snapshot`): one object per kind, its age
//! and size in its metadata so a HeadObject answers them without a read.
use crate::snapshot::{Kind, Put, SnapshotObjects, Stored};
use crate::{ApiError, Bucket, Deps};
use chrono::DateTime;
use std::time::Duration;

const AS_OF: &str = "as-of";
const FRIDGES: &str = "fridges";

fn s3_error<E: std::error::Error + Send + Sync + 'static>(e: aws_sdk_s3::error::SdkError<E>) -> ApiError {
    ApiError::internal(aws_sdk_s3::error::DisplayErrorContext(e))
}

/// A stored snapshot's version from its object's metadata and ETag.
fn stored(meta: Option<std::collections::HashMap<String, String>>, etag: Option<String>) -> Stored {
    let meta = meta.unwrap_or_default();
    let as_of = meta.get(AS_OF).and_then(|t| crate::dates::instant(t));
    Stored {
        // Unreadable metadata: as old as can be, so the next rebuild replaces it.
        as_of: as_of.unwrap_or(DateTime::UNIX_EPOCH),
        fridges: meta.get(FRIDGES).and_then(|n| n.parse().ok()).unwrap_or(0),
        etag: etag.unwrap_or_default(),
    }
}

impl SnapshotObjects for Deps {
    async fn stored(&self, kind: Kind) -> Result<Option<Stored>, ApiError> {
        let b = self.bucket(Bucket::Snapshots)?;
        let out = match b.client.head_object().bucket(b.name).key(kind.key()).send().await {
            Ok(out) => out,
            Err(e) if e.as_service_error().is_some_and(|e| e.is_not_found()) => return Ok(None),
            Err(e) => return Err(s3_error(e)),
        };
        Ok(Some(stored(out.metadata, out.e_tag)))
    }

    async fn read(&self, kind: Kind) -> Result<Option<(Stored, Vec<u8>)>, ApiError> {
        let b = self.bucket(Bucket::Snapshots)?;
        let out = match b.client.get_object().bucket(b.name).key(kind.key()).send().await {
            Ok(out) => out,
            Err(e) if e.as_service_error().is_some_and(|e| e.is_no_such_key()) => return Ok(None),
            Err(e) => return Err(s3_error(e)),
        };
        let version = stored(out.metadata, out.e_tag);
        let body = out.body.collect().await.map_err(ApiError::internal)?.into_bytes();
        Ok(Some((version, crate::snapshot::gunzip(&body)?)))
    }

    async fn put(
        &self,
        kind: Kind,
        gzipped: Vec<u8>,
        as_of: &str,
        fridges: usize,
        over: Option<&Stored>,
    ) -> Result<Put, ApiError> {
        let b = self.bucket(Bucket::Snapshots)?;
        let put = b.client.put_object();
        // S3's conditional write: only over the version read, or only where none exists.
        let put = match over {
            Some(stored) => put.if_match(&stored.etag),
            None => put.if_none_match("*"),
        };
        let written = put
            .bucket(b.name)
            .key(kind.key())
            .content_type("application/json")
            .content_encoding("gzip")
            // Each presigned URL is read once; a cached copy would hide the next build.
            .cache_control("no-store")
            .metadata(AS_OF, as_of)
            .metadata(FRIDGES, fridges.to_string())
            .body(gzipped.into())
            .send()
            .await;
        match written {
            Ok(_) => Ok(Put::Landed),
            // 412: not the version read; 409: a concurrent conditional write won; 404: deleted since it was read.
            Err(e) if e.raw_response().is_some_and(|r| matches!(r.status().as_u16(), 404 | 409 | 412)) => {
                Ok(Put::Moved)
            }
            Err(e) => Err(s3_error(e)),
        }
    }

    async fn url(&self, kind: Kind, seconds: u64) -> Result<String, ApiError> {
        let b = self.bucket(Bucket::Snapshots)?;
        let config = aws_sdk_s3::presigning::PresigningConfig::expires_in(Duration::from_secs(seconds))
            .map_err(ApiError::internal)?;
        let request = b.client.get_object().bucket(b.name).key(kind.key()).presigned(config).await.map_err(s3_error)?;
        Ok(request.uri().to_string())
    }
}

impl Deps {
    /// Forgets the stored snapshot of `kind`, so the next scheduled rebuild builds one at once.
    pub async fn forget_snapshot(&self, kind: Kind) -> Result<(), ApiError> {
        let b = self.bucket(Bucket::Snapshots)?;
        b.client.delete_object().bucket(b.name).key(kind.key()).send().await.map_err(s3_error)?;
        Ok(())
    }
}
