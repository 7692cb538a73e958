// A thin typed client over the generated types (schema.d.ts, from openapi/openapi.json by
// openapi-typescript): what a web or mobile client reuses. No rules here: the server lists the
// legal actions.
import createClient, { type Client } from "openapi-fetch";
import type { components, paths } from "./schema.js";

export type Schemas = components["schemas"];
export type Action = Schemas["Action"];
export type Event = Schemas["Event"];
export type GameDto = Schemas["GameDto"];
export type Problem = Schemas["Problem"];

export type Api = Client<paths>;

export function api(baseUrl: string): Api {
  return createClient<paths>({ baseUrl });
}

/** A problem's code, or the HTTP status when the body is no problem. */
export function codeOf(error: Problem | undefined, response: Response): string {
  return error === undefined ? `HTTP ${response.status}` : `${error.status} ${error.code}`;
}
