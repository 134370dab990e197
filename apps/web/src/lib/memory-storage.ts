// The browser's localStorage, in memory, for unit tests of code that reads the stored session.
// Install it from `vi.hoisted` (before the persisted auth store is created by an import):
//   const storage = await vi.hoisted(async () => (await import("./memory-storage")).installMemoryStorage());
export function installMemoryStorage() {
  const data = new Map<string, string>();
  const memory = {
    getItem: (key: string) => data.get(key) ?? null,
    setItem: (key: string, value: string) => void data.set(key, String(value)),
    removeItem: (key: string) => void data.delete(key),
    clear: () => data.clear(),
  };
  Object.defineProperty(globalThis, "window", { value: { localStorage: memory }, configurable: true, writable: true });
  Object.defineProperty(globalThis, "localStorage", { value: memory, configurable: true, writable: true });
  return memory;
}
