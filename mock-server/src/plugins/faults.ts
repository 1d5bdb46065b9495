/** A fault QA injects on one path: added latency, a forced reply code, or a dropped connection. */
export interface Fault {
  path: string;
  latency_ms: number;
  code: number | null;
  drop: boolean;
  /** how many calls it still applies to; null for every call until cleared */
  remaining: number | null;
}

export class FaultTable {
  private readonly faults = new Map<string, Fault>();

  set(fault: Fault): void {
    this.faults.set(fault.path, fault);
  }

  clear(path?: string): void {
    if (path === undefined) this.faults.clear();
    else this.faults.delete(path);
  }

  list(): Fault[] {
    return [...this.faults.values()];
  }

  /** The fault that applies to this call of `path`, used up by one call when counted. */
  take(path: string): Fault | undefined {
    const fault = this.faults.get(path) ?? this.faults.get('*');
    if (!fault) return undefined;
    if (fault.remaining !== null) {
      fault.remaining -= 1;
      if (fault.remaining <= 0) this.faults.delete(fault.path);
    }
    return fault;
  }
}
