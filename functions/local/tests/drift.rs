//! The schema, template.yaml, the handler registry and the binaries must
//! describe the same set of functions.
use apollo_compiler::schema::ExtendedType;
use fleet_local::{graphql, registry, template};
use fleet_shared::Trigger;
use std::collections::BTreeSet;
use std::path::Path;

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR")).parent().unwrap().parent().unwrap()
}

fn read(rel: &str) -> String {
    std::fs::read_to_string(root().join(rel)).unwrap_or_else(|e| panic!("{rel}: {e}"))
}

#[test]
fn every_schema_field_has_a_function_and_every_resolver_a_field() {
    let schema = graphql::load_schema(&read("infra/schema.graphql")).unwrap();
    let mut in_schema = BTreeSet::new();
    for type_name in ["Query", "Mutation"] {
        if let Some(ExtendedType::Object(obj)) = schema.types.get(type_name) {
            in_schema.extend(obj.fields.keys().map(|f| format!("{type_name}.{f}")));
        }
    }
    let in_registry: BTreeSet<String> = registry::all()
        .filter_map(|f| match f.trigger {
            Trigger::Query(n) => Some(format!("Query.{n}")),
            Trigger::Mutation(n) => Some(format!("Mutation.{n}")),
            _ => None,
        })
        .collect();
    assert_eq!(in_schema, in_registry, "schema fields vs registered resolvers");
}

#[test]
fn template_yaml_is_generated_from_the_registry() {
    let rendered = template::render(&read(template::BASE_PATH), registry::all());
    assert!(
        read(template::OUTPUT_PATH) == rendered,
        "template.yaml is out of date: run `cargo run -p fleet-local -- template`"
    );
    let yaml = read(template::OUTPUT_PATH);
    for f in registry::all() {
        assert!(yaml.contains(&format!("        Binary: {}\n", f.name)), "{} has no function resource", f.name);
        if let Trigger::Http { method, path } = f.trigger {
            assert!(yaml.contains(&format!("Method: {method}\n            Path: {path}\n")), "route {method} {path} missing");
        }
    }
}

#[test]
fn every_function_has_exactly_one_binary_and_no_binary_is_unregistered() {
    for (area, functions) in registry::areas() {
        let dir = root().join("functions").join(area).join("src/bin");
        let bins: BTreeSet<String> = std::fs::read_dir(&dir)
            .unwrap()
            .map(|e| e.unwrap().path().file_stem().unwrap().to_string_lossy().into_owned())
            .collect();
        let registered: BTreeSet<String> = functions.iter().map(|f| f.name.to_string()).collect();
        assert_eq!(bins, registered, "binaries of functions/{area} vs its FUNCTIONS");
    }
}

#[test]
fn every_permission_action_is_in_the_reference_groups() {
    for f in registry::all() {
        if let fleet_shared::Permission::Action(a) = f.permission {
            assert!(fn_permissions::actions::is_known(a), "{} needs unknown action {a}", f.name);
        }
    }
}
