import type { ContractOrderRow, ContractsState, PositionRow } from './types.ts';

const isOpenOrder = (row: ContractOrderRow): boolean =>
  row.status === 'pending' || row.status === 'partially_filled';

/**
 * The open orders and positions, indexed beside the state (which keeps every row ever made, in
 * the order made): by id, a position's resting closes, a user's open positions. Kept from the
 * same changes that are told about (core.ts' publish…), and rebuilt from the state on a load, so
 * a call or a price costs what it touches, not the length of the history.
 */
export class OpenRows {
  private readonly orders = new Map<string, ContractOrderRow>();
  private readonly closes = new Map<string, Set<ContractOrderRow>>();
  private readonly positions = new Map<string, PositionRow>();
  private readonly byUser = new Map<string, Set<PositionRow>>();
  /** every order of a position, open or not (its opening fills, its closes) */
  private readonly byPosition = new Map<string, Set<ContractOrderRow>>();

  trackOrder(row: ContractOrderRow): void {
    if (row.position_id !== null) {
      let all = this.byPosition.get(row.position_id);
      if (!all) this.byPosition.set(row.position_id, (all = new Set()));
      all.add(row);
    }
    const known = this.orders.get(row.id);
    if (known && known !== row) this.dropOrder(known);
    if (!isOpenOrder(row)) {
      this.dropOrder(row);
      return;
    }
    this.orders.set(row.id, row);
    if (row.reduce_only && row.position_id !== null) {
      let set = this.closes.get(row.position_id);
      if (!set) this.closes.set(row.position_id, (set = new Set()));
      set.add(row);
    }
  }

  trackPosition(row: PositionRow): void {
    if (row.closed_at !== null) {
      this.positions.delete(row.id);
      this.byUser.get(row.user_id)?.delete(row);
      return;
    }
    this.positions.set(row.id, row);
    let set = this.byUser.get(row.user_id);
    if (!set) this.byUser.set(row.user_id, (set = new Set()));
    set.add(row);
  }

  /** an open order by id */
  order(id: string): ContractOrderRow | undefined {
    return this.orders.get(id);
  }

  /** an open position by id */
  position(id: string): PositionRow | undefined {
    return this.positions.get(id);
  }

  /** a position's resting closing orders */
  restingCloses(positionId: string): ContractOrderRow[] {
    return [...(this.closes.get(positionId) ?? [])];
  }

  /** open positions, of one user or of all, oldest first */
  openPositions(userId?: string): PositionRow[] {
    const rows =
      userId === undefined ? [...this.positions.values()] : [...(this.byUser.get(userId) ?? [])];
    return rows.sort((a, b) => Number(a.id) - Number(b.id));
  }

  /** every order of a position, in the order made */
  ordersOf(positionId: string): ContractOrderRow[] {
    return [...(this.byPosition.get(positionId) ?? [])].sort((a, b) => Number(a.id) - Number(b.id));
  }

  openOrders(): ContractOrderRow[] {
    return [...this.orders.values()];
  }

  rebuild(state: ContractsState): void {
    this.orders.clear();
    this.closes.clear();
    this.positions.clear();
    this.byUser.clear();
    this.byPosition.clear();
    for (const order of state.orders) this.trackOrder(order);
    for (const position of state.positions) this.trackPosition(position);
  }

  private dropOrder(row: ContractOrderRow): void {
    if (this.orders.get(row.id) === row) this.orders.delete(row.id);
    if (row.position_id !== null) this.closes.get(row.position_id)?.delete(row);
  }
}
