use fleet_shared::FunctionSpec;
pub static FUNCTIONS: &[FunctionSpec] = &[];
pub mod demo {
    pub async fn seed(_deps: &'static fleet_shared::Deps) -> Result<(), fleet_shared::ApiError> { Ok(()) }
}
