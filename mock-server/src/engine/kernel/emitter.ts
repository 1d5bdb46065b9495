/**
 * What a domain tells the outside about (the socket feeds listen): listeners are called in the
 * order they were added, synchronously, inside the change that emitted. A listener that needs to
 * do I/O defers it itself (the feeds push on the next turn of the event loop).
 */
export class Emitter<E> {
  private readonly listeners: ((event: E) => void)[] = [];

  /** Adds a listener; returns a function that removes it. */
  on(listener: (event: E) => void): () => void {
    this.listeners.push(listener);
    return () => {
      const index = this.listeners.indexOf(listener);
      if (index >= 0) this.listeners.splice(index, 1);
    };
  }

  emit(event: E): void {
    for (const listener of this.listeners) listener(event);
  }
}
