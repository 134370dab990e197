// A delivery attempt's error reads in the reader's language when the worker wrote one of the
// catalogue's sentences (issue 35); a system's own words stay as they came.
import { describe, expect, it } from "vitest";
import type { WebhookAttemptsTable, WebhookDeliveryRow } from "../db/schema";
import { presentDelivery } from "./webhooks.presenter";

const row = {
  id: "d1",
  type: "report.created",
  state: "failed",
  created_at: 1_700_000_000_000,
  next_attempt_at: 0,
  payload: "{}",
} as unknown as WebhookDeliveryRow;
const attempt = (error: string | null) =>
  ({
    at: 1_700_000_000_000,
    status_code: null,
    duration_ms: 10_000,
    response: "",
    error,
  }) as unknown as WebhookAttemptsTable;
const errorOf = (error: string | null, locale: Parameters<typeof presentDelivery>[2]) =>
  presentDelivery(row, [attempt(error)], locale).attempts[0]?.error;

describe("presentDelivery", () => {
  it("writes the worker's sentences in the reader's language, with the language's plural", () => {
    expect(errorOf("No answer within 10 seconds", "pl")).toBe("Brak odpowiedzi w ciągu 10 sekund");
    expect(errorOf("No answer within 10 seconds", "lt")).toBe("Jokio atsakymo per 10 sekundžių");
    expect(errorOf("The signing secret cannot be read (the encryption key changed)", "es")).toBe(
      "No se puede leer el secreto de firma (la clave de cifrado cambió)",
    );
    expect(errorOf("No answer within 10 seconds", "en-GB")).toBe("No answer within 10 seconds");
  });

  it("keeps a system's own words and no error as they came", () => {
    expect(errorOf("connect ECONNREFUSED 203.0.113.7:443", "pl")).toBe("connect ECONNREFUSED 203.0.113.7:443");
    expect(errorOf("HTTP 500", "pl")).toBe("HTTP 500");
    expect(errorOf(null, "pl")).toBeNull();
  });
});
