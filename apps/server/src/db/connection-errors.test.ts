import { describe, expect, it } from "vitest";
import { isDatabaseUnavailable } from "./connection-errors";

const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });

describe("isDatabaseUnavailable", () => {
  it.each([
    ["refused", withCode("connect ECONNREFUSED 127.0.0.1:5432", "ECONNREFUSED")],
    ["reset", withCode("read ECONNRESET", "ECONNRESET")],
    ["terminated backend", withCode("terminating connection due to administrator command", "57P01")],
    ["server starting", withCode("the database system is starting up", "57P03")],
    ["connection exception class", withCode("connection failure", "08006")],
    ["too many connections", withCode("sorry, too many clients already", "53300")],
    ["socket closed", new Error("Connection terminated unexpectedly")],
    ["pool connect timeout", new Error("timeout exceeded when trying to connect")],
    ["broken client", new Error("Client has encountered a connection error and is not queryable")],
    ["sqlite busy", withCode("database is locked", "SQLITE_BUSY")],
    ["every address refused", new AggregateError([withCode("refused", "ECONNREFUSED")], "all failed")],
  ])("is true for %s", (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it.each([
    ["a unique violation", withCode("duplicate key value", "23505")],
    ["a syntax error", withCode('syntax error at or near "selec"', "42601")],
    ["a constraint failure", withCode("FOREIGN KEY constraint failed", "SQLITE_CONSTRAINT_FOREIGNKEY")],
    ["a plain bug", new TypeError("Cannot read properties of undefined")],
    ["a thrown string", "Connection terminated"],
  ])("is false for %s", (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
  });
});
