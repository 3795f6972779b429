//! No library: the integration tests are the one binary in `tests/api`
//! (`cargo test -p fleet-api-tests --test api`), a module per area sharing
//! the harness in `tests/api/common`.
