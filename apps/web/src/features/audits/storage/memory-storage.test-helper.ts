/** A Storage (localStorage's interface) in memory for unit tests, with an optional size limit. */
export function createMemoryStorage(limit = Number.POSITIVE_INFINITY): Storage {
  const data = new Map<string, string>();
  return {
    get length() {
      return data.size;
    },
    clear: () => data.clear(),
    getItem: (key) => data.get(key) ?? null,
    key: (index) => [...data.keys()][index] ?? null,
    removeItem: (key) => void data.delete(key),
    setItem: (key, value) => {
      if (value.length > limit) throw new DOMException("full", "QuotaExceededError");
      data.set(key, String(value));
    },
  };
}
