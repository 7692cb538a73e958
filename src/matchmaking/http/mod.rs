//! The matchmaking routes: seeks (and quick play) and challenges.

use actix_web::web;

use crate::tables::http::games::v1_resource;

pub mod challenges;
pub mod seeks;

/// The matchmaking routes (under `/v1`).
pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(
        v1_resource!("/seeks")
            .route(web::get().to(seeks::list_seeks))
            .route(web::post().to(seeks::create_seek)),
    )
    .service(v1_resource!("/seeks/quick").route(web::post().to(seeks::quick_seek)))
    .service(v1_resource!("/seeks/{id}").route(web::delete().to(seeks::cancel_seek)))
    .service(v1_resource!("/me/seeks").route(web::get().to(seeks::my_seeks)))
    .service(v1_resource!("/challenges").route(web::post().to(challenges::create_challenge)))
    .service(
        v1_resource!("/challenges/{id}")
            .route(web::get().to(challenges::get_challenge))
            .route(web::delete().to(challenges::cancel_challenge)),
    )
    .service(
        v1_resource!("/challenges/{id}/accept").route(web::post().to(challenges::accept_challenge)),
    )
    .service(
        v1_resource!("/challenges/{id}/decline")
            .route(web::post().to(challenges::decline_challenge)),
    )
    .service(v1_resource!("/me/challenges").route(web::get().to(challenges::my_challenges)));
}
