//! The tables' routes: the lobby (list, create, join, leave, add a bot), invitations and
//! rematches, and vacations.

use actix_web::web;

use crate::tables::http::games::v1_resource;

pub mod games;
pub mod invitations;
pub mod lobby;
pub mod representations;
pub mod vacation;

/// The lobby's routes (under `/v1`); invitations and vacations configure their own.
pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(
        v1_resource!("/games")
            .route(web::get().to(lobby::list_games))
            .route(web::post().to(lobby::create_game)),
    )
    .service(v1_resource!("/games/{id}/join").route(web::post().to(lobby::join_game)))
    .service(v1_resource!("/games/{id}/leave").route(web::post().to(lobby::leave_game)))
    .service(v1_resource!("/games/{id}/bots").route(web::post().to(lobby::add_bot)));
}
