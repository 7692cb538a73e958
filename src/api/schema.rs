//! Placeholder: replaced by the documentation mirrors of the engine's JSON.
#![allow(dead_code)]
use utoipa::ToSchema;
#[derive(ToSchema)]
pub struct ViewSchema {}
#[derive(ToSchema)]
pub struct ActionSchema {}
#[derive(ToSchema)]
pub struct EventSchema {}
#[derive(ToSchema)]
pub struct GameOptionsSchema {}
#[derive(ToSchema)]
pub struct OptionsRequestSchema {}
