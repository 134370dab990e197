/**
 * A request that got no answer at all (the connection dropped before the server replied): the
 * caller keeps the draft and can try again, or queue it. Told apart by name, since the modules
 * that throw it are loaded lazily.
 */
export class NetworkError extends Error {
  override name = "NetworkError";
  constructor() {
    super("The network connection was lost");
  }
}

/** No answer at all: fetch rejects with a TypeError, an upload with a NetworkError. */
export const isNoAnswer = (err: unknown): boolean =>
  err instanceof TypeError || (err instanceof Error && err.name === "NetworkError");
