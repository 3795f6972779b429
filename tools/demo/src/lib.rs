#![recursion_limit = "256"]
//! What a local stack needs to look alive: the demo data and its seeding
//! (with the admin grant), the simulators of fridges, orders and drivers,
//! and the stand-in for the external routing service.
pub mod cli;
pub mod demo;
pub mod driver_simulator;
pub mod order_simulator;
pub mod routing_stub;
pub mod seed;
pub mod simulator;
