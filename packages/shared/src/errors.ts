/** The error body every failed API call answers with (DESIGN §4). */
export type ApiErrorBody = {
  statusCode: number;
  error: string;
  message: string;
  details?: Record<string, string[]>;
};
