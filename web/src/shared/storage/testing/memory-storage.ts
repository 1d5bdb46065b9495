/**
 * Puts an in-memory local storage in place of the environment's and answers its entries, for
 * tests that read what the models kept. It imports nothing, so that a test can install it in
 * `vi.hoisted`, before its own imports make the models persist into it.
 */
export function installMemoryStorage(): Map<string, string> {
  const entries = new Map<string, string>();
  globalThis.localStorage = {
    getItem: (key: string) => entries.get(key) ?? null,
    setItem: (key: string, value: string) => {
      entries.set(key, value);
    },
    removeItem: (key: string) => {
      entries.delete(key);
    },
    clear: () => {
      entries.clear();
    },
    key: (index: number) => [...entries.keys()][index] ?? null,
    get length() {
      return entries.size;
    },
  };
  return entries;
}
