import { v7 } from "uuid";

/** New ids are UUIDv7: sortable by creation, unguessable in sequence, unique across instances. */
export const newId = (): string => v7();
