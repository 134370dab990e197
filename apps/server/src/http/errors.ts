/** Our own failures, mapped to DESIGN §4's JSON by the one error handler. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly details?: Record<string, string[]>,
    /** Sent as Retry-After (seconds) with a 429 or 503. */
    readonly options: { retryAfterSeconds?: number; code?: string } = {},
  ) {
    super(message);
  }
}

export const TOO_MANY_ATTEMPTS = "Too many attempts. Please wait a minute and try again.";
export const DATABASE_UNAVAILABLE = "The database is unavailable right now. Please try again in a moment.";

export const notFound = (what = "Resource") => new AppError(404, `${what} not found`);
export const unauthorized = (message = "Authentication required") => new AppError(401, message);
export const forbidden = (message = "You do not have permission to do that") => new AppError(403, message);
export const conflict = (message: string) => new AppError(409, message);
export const badRequest = (message: string, details?: Record<string, string[]>) => new AppError(400, message, details);
