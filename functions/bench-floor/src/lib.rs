//! The floor the cold-start bench measures a function against: what a Rust
//! Lambda costs with nothing of ours in it. Two binaries, never deployed:
//! - `bare`: lambda_runtime answering `{}`;
//! - `bare-https`: the same, making one HTTPS GET to `FLOOR_HTTPS_URL` per
//!   invocation over hyper-rustls (ring, the platform's roots read on the
//!   first call), as a function's first AWS call does.
