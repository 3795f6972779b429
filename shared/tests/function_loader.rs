//! A function's SDK settings come from the environment Lambda gives it, and
//! from nothing else: no profile file, no STS, no IMDS behind it.
//!
//! One test in its own binary: it sets the process's environment, which no
//! other test may read meanwhile.
use aws_credential_types::provider::ProvideCredentials;
use std::io::Write;

#[tokio::test]
async fn a_function_reads_region_and_credentials_from_the_environment_only() {
    // A profile that would answer if the default chains were asked.
    let home = std::env::temp_dir().join(format!("fleet-loader-{}", std::process::id()));
    std::fs::create_dir_all(home.join(".aws")).unwrap();
    let mut profile = std::fs::File::create(home.join(".aws/credentials")).unwrap();
    writeln!(profile, "[default]\naws_access_key_id = FROM_PROFILE\naws_secret_access_key = profile-secret").unwrap();
    std::fs::write(home.join(".aws/config"), "[default]\nregion = ap-south-1\n").unwrap();
    for name in ["AWS_DEFAULT_REGION", "AWS_PROFILE", "AWS_CONFIG_FILE", "AWS_SHARED_CREDENTIALS_FILE"] {
        std::env::remove_var(name);
    }
    std::env::set_var("HOME", &home);
    std::env::set_var("AWS_EC2_METADATA_DISABLED", "true");
    std::env::set_var("AWS_REGION", "eu-central-1");
    std::env::set_var("AWS_ACCESS_KEY_ID", "FROM_LAMBDA");
    std::env::set_var("AWS_SECRET_ACCESS_KEY", "lambda-secret");
    std::env::set_var("AWS_SESSION_TOKEN", "lambda-session");

    let sdk = fleet_shared::sdk::function_loader().load().await;
    assert_eq!(sdk.region().map(|r| r.as_ref()), Some("eu-central-1"));
    let credentials = sdk.credentials_provider().unwrap().provide_credentials().await.unwrap();
    assert_eq!(credentials.access_key_id(), "FROM_LAMBDA");
    assert_eq!(credentials.session_token(), Some("lambda-session"));

    // Without them there is nothing to fall back on: the profile is not read.
    for name in ["AWS_REGION", "AWS_ACCESS_KEY_ID", "AWS_SECRET_ACCESS_KEY", "AWS_SESSION_TOKEN"] {
        std::env::remove_var(name);
    }
    let sdk = fleet_shared::sdk::function_loader().load().await;
    assert_eq!(sdk.region(), None);
    assert!(sdk.credentials_provider().unwrap().provide_credentials().await.is_err());
    // The tools' loader does read it.
    let tools = fleet_shared::sdk::loader().load().await;
    assert_eq!(tools.region().map(|r| r.as_ref()), Some("ap-south-1"));
    let credentials = tools.credentials_provider().unwrap().provide_credentials().await.unwrap();
    assert_eq!(credentials.access_key_id(), "FROM_PROFILE");
    std::fs::remove_dir_all(&home).unwrap();
}
