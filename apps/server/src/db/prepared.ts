// Hot queries compiled once. Kysely builds and compiles a query tree on every call; for the
// queries every signed-in request runs (the guard's user lookup, the project list) that work is
// identical each time except for the parameter values. A prepared query is built once per database
// with named placeholders, and each call substitutes the values into the compiled parameters.
import { type Compilable, CompiledQuery, type Kysely } from "kysely";
import type { Database } from "./schema";
import { directRead } from "./sqlite";

type Db = Kysely<Database>;

/** A placeholder standing in for a named parameter while the query is compiled. */
class Slot {
  constructor(readonly name: string) {}
}

export function preparedQuery<P extends Record<string, unknown>, R>(
  build: (db: Db, params: P) => Compilable<R>,
): (db: Db, params: P) => Promise<R[]> {
  const compiled = new WeakMap<Db, CompiledQuery<R>>();
  const slots = new Proxy({} as P, { get: (_target, name) => new Slot(String(name)) });
  return async (db, params) => {
    let query = compiled.get(db);
    if (!query) {
      query = build(db, slots).compile();
      const used = new Set(query.parameters.flatMap((p) => (p instanceof Slot ? [p.name] : [])));
      const unused = Object.keys(params).filter((name) => !used.has(name));
      if (unused.length > 0) throw new Error(`preparedQuery: ${unused.join(", ")} not used as values`);
      compiled.set(db, query);
    }
    const parameters = query.parameters.map((p) => (p instanceof Slot ? params[p.name] : p));
    const rows = directRead(db)?.(query.sql, parameters);
    if (rows) return rows as R[];
    const result = await db.executeQuery(CompiledQuery.raw(query.sql, parameters) as CompiledQuery<R>);
    return result.rows;
  };
}
