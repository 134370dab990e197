/** The error body every failed API call answers with (DESIGN §4). */
export type ApiErrorBody = {
  statusCode: number;
  error: string;
  message: string;
  details?: Record<string, string[]>;
  /** A machine-readable reason where a client acts on it ("mfa_setup_required"). */
  code?: string;
};
