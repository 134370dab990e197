import { v7 } from "uuid";

/** New ids are UUIDv7: sortable by creation, unguessable in sequence, unique across instances. */
export const newId = (): string => v7();

/** The longest id a route parameter accepts, for the router and the params schema alike. */
export const MAX_ID_PARAM_LENGTH = 200;
