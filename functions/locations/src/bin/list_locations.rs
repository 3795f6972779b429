fleet_shared::lambda_main!(fn_locations::FUNCTIONS);
