//! The generators of committed files from the function registry and the
//! areas' rules: `template.yaml` (`template`), the browser's rule table
//! `web/src/generated/rules.json` (`rules`), and the list of permission
//! actions (`actions`), and the web's REST contract (`contract`). The drift
//! test keeps the committed files equal, and fits every GraphQL answer to the schema.
pub mod cli;
pub mod rules;
pub mod shapes;
pub mod template;
pub mod web_hosting;

/// Every permission action, one a line (for scripts and operators).
pub fn actions() -> Vec<&'static str> {
    fn_permissions::actions::all()
}
