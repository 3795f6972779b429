fleet_shared::lambda_main!(fn_permissions::FUNCTIONS);
