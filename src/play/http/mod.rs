//! The play's routes: the caller's view and legal actions, actions, resignation, the event
//! stream and the record, and the cards.

use actix_web::web;

use crate::tables::http::games::v1_resource;

pub mod actions;
pub mod cards;
pub mod events;
mod view_cache;
pub mod views;

/// The routes of a game in play (under `/v1`). They come first: a request walks the resources
/// in order, and theirs (views, legal actions, actions) are most of the traffic.
pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(v1_resource!("/games/{id}").route(web::get().to(views::get_game)))
        .service(
            v1_resource!("/games/{id}/legal-actions").route(web::get().to(views::legal_actions)),
        )
        .service(v1_resource!("/games/{id}/actions").route(web::post().to(actions::submit_action)))
        .service(v1_resource!("/games/{id}/resign").route(web::post().to(actions::resign)))
        .service(v1_resource!("/games/{id}/events").route(web::get().to(events::list_events)))
        .service(v1_resource!("/games/{id}/record").route(web::get().to(events::get_record)));
}
