//! The Snapshots bucket (see `crate::snapshot`): one object per kind, its age
//! and size in its metadata so a HeadObject answers them without a read.
use crate::s3::{ObjectMeta, PutOptions};
use crate::{ApiError, Bucket, Deps};
use chrono::{DateTime, Utc};
use std::future::Future;
use std::io::Write;
use std::time::Duration;

/// The fleet-wide views kept as snapshots.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    /// Every fridge's last heartbeat (/portfoliohealth).
    FleetHealth,
    /// Per software, each version and its fridges (/locations/fridge_software).
    FridgeSoftware,
    /// Every location's id and type (the pars screens' ops locations).
    OpsLocations,
}

impl Kind {
    /// The object's key in the Snapshots bucket.
    pub fn key(self) -> &'static str {
        match self {
            Kind::FleetHealth => "fleet-health.json",
            Kind::FridgeSoftware => "fridge-software.json",
            Kind::OpsLocations => "ops-locations.json",
        }
    }

    /// The object's field that holds the view, beside `asOf`.
    pub fn field(self) -> &'static str {
        match self {
            Kind::FleetHealth => "fridges",
            Kind::FridgeSoftware => "artifacts",
            Kind::OpsLocations => "locations",
        }
    }
}

/// What the stored snapshot's metadata tells: when it was built and of how
/// many fridges, and the object's version (its ETag), which a put is
/// conditioned on. Unreadable metadata reads as built at the epoch, so the
/// next rebuild replaces it.
#[derive(Debug, Clone, PartialEq)]
pub struct Stored {
    pub as_of: DateTime<Utc>,
    pub fridges: i64,
    pub etag: String,
}

/// What a conditional put did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Put {
    Landed,
    /// The object is no longer the one read (another rebuild wrote it): nothing written.
    Moved,
}

/// The Snapshots bucket, as the rebuild and the locate see it.
pub trait SnapshotObjects: Sync {
    /// The stored snapshot's age, size and version; None when there is none.
    fn stored(&self, kind: Kind) -> impl Future<Output = Result<Option<Stored>, ApiError>> + Send;
    /// Replaces the snapshot with `gzipped` JSON if it is still `over` (the
    /// version read; `None`: still absent), else writes nothing and answers `Moved`.
    fn put(
        &self,
        kind: Kind,
        gzipped: Vec<u8>,
        as_of: &str,
        fridges: usize,
        over: Option<&Stored>,
    ) -> impl Future<Output = Result<Put, ApiError>> + Send;
    /// A GET of the snapshot that works for `seconds`.
    fn url(&self, kind: Kind, seconds: u64) -> impl Future<Output = Result<String, ApiError>> + Send;
    /// The stored snapshot's version and its JSON, inflated; None when there is none.
    fn read(&self, kind: Kind) -> impl Future<Output = Result<Option<(Stored, Vec<u8>)>, ApiError>> + Send;
}

/// gzip, the object's `Content-Encoding`: the browser inflates it itself.
pub fn gzip(json: &[u8]) -> Result<Vec<u8>, ApiError> {
    let mut out = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::fast());
    out.write_all(json).map_err(ApiError::internal)?;
    out.finish().map_err(ApiError::internal)
}

/// The JSON of a gzip'd object.
pub fn gunzip(gzipped: &[u8]) -> Result<Vec<u8>, ApiError> {
    use std::io::Read;
    let mut back = Vec::new();
    flate2::read::GzDecoder::new(gzipped).read_to_end(&mut back).map_err(ApiError::internal)?;
    Ok(back)
}

const AS_OF: &str = "as-of";
const FRIDGES: &str = "fridges";

/// The largest snapshot read: 25,000 fridges gzip to about 2 MB.
const MAX_SNAPSHOT_BYTES: usize = 64 * 1024 * 1024;

/// A stored snapshot's version from its object's metadata and ETag.
fn stored(object: ObjectMeta) -> Stored {
    let meta = object.metadata;
    let as_of = meta.get(AS_OF).and_then(|t| crate::dates::instant(t));
    Stored {
        // Unreadable metadata: as old as can be, so the next rebuild replaces it.
        as_of: as_of.unwrap_or(DateTime::UNIX_EPOCH),
        fridges: meta.get(FRIDGES).and_then(|n| n.parse().ok()).unwrap_or(0),
        etag: object.e_tag.unwrap_or_default(),
    }
}

impl SnapshotObjects for Deps {
    async fn stored(&self, kind: Kind) -> Result<Option<Stored>, ApiError> {
        let b = self.bucket(Bucket::Snapshots)?;
        Ok(b.client.head_object(b.name, kind.key()).await?.map(stored))
    }

    async fn read(&self, kind: Kind) -> Result<Option<(Stored, Vec<u8>)>, ApiError> {
        let b = self.bucket(Bucket::Snapshots)?;
        let Some(object) = b.client.get_object(b.name, kind.key()).await? else { return Ok(None) };
        let version = stored(object.meta.clone());
        let body = object.bytes(MAX_SNAPSHOT_BYTES).await?;
        Ok(Some((version, gunzip(&body)?)))
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
        let options = PutOptions {
            content_type: Some("application/json"),
            content_encoding: Some("gzip"),
            // Each presigned URL is read once; a cached copy would hide the next build.
            cache_control: Some("no-store"),
            metadata: vec![(AS_OF, as_of.to_string()), (FRIDGES, fridges.to_string())],
            // S3's conditional write: only over the version read, or only where none exists.
            if_match: over.map(|stored| stored.etag.as_str()),
            if_none_match: over.is_none().then_some("*"),
        };
        match b.client.put_object(b.name, kind.key(), gzipped, &options).await {
            Ok(()) => Ok(Put::Landed),
            // 412: not the version read; 409: a concurrent conditional write won; 404: deleted since it was read.
            Err(e) if matches!(e.status, Some(404 | 409 | 412)) => Ok(Put::Moved),
            Err(e) => Err(e.into()),
        }
    }

    async fn url(&self, kind: Kind, seconds: u64) -> Result<String, ApiError> {
        let b = self.bucket(Bucket::Snapshots)?;
        Ok(b.client.presigned_get(b.name, kind.key(), Duration::from_secs(seconds)).await?)
    }
}

impl Deps {
    /// Forgets the stored snapshot of `kind`, so the next scheduled rebuild builds one at once.
    pub async fn forget_snapshot(&self, kind: Kind) -> Result<(), ApiError> {
        let b = self.bucket(Bucket::Snapshots)?;
        Ok(b.client.delete_object(b.name, kind.key()).await?)
    }
}
