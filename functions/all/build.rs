//! Links the Lambda binary as a fixed-address executable (not PIE) on Linux.
//!
//! As a PIE, the binary carries ~75,000 relative relocations (the AWS SDK's
//! and every area's static tables and vtables): at each cold start the
//! dynamic loader rewrites them, writing ~1.7 MB of `.data.rel.ro` pages,
//! which was most of the gap between `get_location` and a bare
//! lambda_runtime binary (docs/decisions/performance-and-cost.md, "Cold start"). Linked at a
//! fixed address, the linker resolves them once and the loader does nothing.
//! The objects stay position-independent; only the final link changes. GNU
//! ld and cargo-lambda's zig (LLD) both take `-no-pie`.
fn main() {
    if std::env::var("CARGO_CFG_TARGET_OS").as_deref() == Ok("linux") {
        println!("cargo:rustc-link-arg-bin=fleet=-no-pie");
    }
    println!("cargo:rerun-if-changed=build.rs");
}
