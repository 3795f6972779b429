fleet_shared::lambda_main!(fn_shell::FUNCTIONS);
