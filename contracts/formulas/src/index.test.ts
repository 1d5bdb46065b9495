import { describe, expect, it } from 'vitest';
import {
  autoMarginTopUp,
  averageEntry,
  checkTakeStop,
  initialMargin,
  isLiquidated,
  liquidationPrice,
  maintenanceMargin,
  marginRatio,
  maxOpenQuantity,
  maxReducibleMargin,
  orderCost,
  positionFigures,
  profitRate,
  realizedPnl,
  releasedMargin,
  tradeFee,
  triggeredTakeStop,
  unrealizedPnl,
} from './index.ts';

// The worked examples of FORMULAS.md, one `it` each, in the page's order.
const LONG_BTC = {
  direction: 'long',
  qty: '1',
  entry: '20000',
  margin: '400',
  maintenanceRate: '0.005',
} as const;
const SHORT_BTC = { ...LONG_BTC, direction: 'short' } as const;

describe('the worked example: long 1 BTC at 20 000, 50×, maintenance 0.5 %, no fees', () => {
  it('holds 400 of margin and is liquidated at 19 700', () => {
    expect(initialMargin('1', '20000', 50).toFixed()).toBe('400');
    expect(liquidationPrice(LONG_BTC).toFixed()).toBe('19700');
  });

  it('is liquidated at the shown price, not a cent before', () => {
    expect(isLiquidated(LONG_BTC, '19700.01')).toBe(false);
    expect(isLiquidated(LONG_BTC, '19700')).toBe(true);
  });

  it('mirrors for a short: liquidated at 20 300, or where the ratio reaches 100 % first', () => {
    expect(liquidationPrice(SHORT_BTC).toFixed()).toBe('20300');
    // ratio = 1 × m × 0.005 ÷ (400 − (m − 20 000)) reaches 100 % at 20 400 ÷ 1.005 ≈ 20 298.51
    expect(isLiquidated(SHORT_BTC, '20298.50')).toBe(false);
    expect(isLiquidated(SHORT_BTC, '20298.52')).toBe(true);
  });

  it('moves the liquidation price away with added margin and back with reduced margin', () => {
    expect(liquidationPrice({ ...LONG_BTC, margin: '500' }).toFixed()).toBe('19600');
    expect(liquidationPrice({ ...LONG_BTC, margin: '300' }).toFixed()).toBe('19800');
    expect(liquidationPrice({ ...SHORT_BTC, margin: '500' }).toFixed()).toBe('20400');
  });
});

describe('margin, fees and PnL', () => {
  it('charges the maker or taker rate on the traded notional', () => {
    // 0.1 BTC at 97 000: notional 9 700; maker 0.02 % = 1.94, taker 0.06 % = 5.82
    expect(tradeFee('0.1', '97000', '0.0002').toFixed()).toBe('1.94');
    expect(tradeFee('0.1', '97000', '0.0006').toFixed()).toBe('5.82');
    const cost = orderCost('0.1', '97000', 20, '0.0002');
    expect([cost.margin.toFixed(), cost.fee.toFixed(), cost.total.toFixed()]).toEqual([
      '485',
      '1.94',
      '486.94',
    ]);
  });

  it('rounds money to 8 decimals, half up', () => {
    // 1 × 100 ÷ 3 = 33.333…
    expect(initialMargin('1', '100', 3).toFixed()).toBe('33.33333333');
    expect(tradeFee('0.00000001', '5', '0.5').toFixed()).toBe('0.00000003');
  });

  it('signs PnL by direction and rates it on the initial margin', () => {
    expect(unrealizedPnl('long', '0.1', '97000', '97250.50').toFixed()).toBe('25.05');
    expect(unrealizedPnl('short', '0.1', '97000', '97250.50').toFixed()).toBe('-25.05');
    expect(realizedPnl('long', '1', '20000', '20100').toFixed()).toBe('100');
    // 25.05 ÷ 485 = 5.1649…%
    expect(profitRate('25.05', '485').toFixed(2)).toBe('5.16');
    expect(profitRate('10', '0').toFixed()).toBe('0');
  });

  it('computes the margin ratio from the maintenance margin at the mark', () => {
    // 0.1 × 97 250.50 × 0.005 = 48.62525; ÷ (535 + 25.05) = 8.68 %
    const maintenance = maintenanceMargin('0.1', '97250.50', '0.005');
    expect(maintenance.toFixed()).toBe('48.62525');
    expect(marginRatio(maintenance, '535', '25.05').toFixed(2)).toBe('8.68');
    expect(marginRatio('10', '100', '-100').isFinite()).toBe(false);
  });
});

describe('the margin dialog', () => {
  it('lets out only what stays above the initial margin requirement, after a loss', () => {
    const position = { direction: 'long', qty: '0.1', entry: '97000', leverage: 20 } as const;
    // margin 535 (485 + 50 added): 50 out at a profit (the profit stays in), less at a loss
    expect(maxReducibleMargin({ ...position, margin: '535', mark: '97250.50' }).toFixed()).toBe(
      '50',
    );
    expect(maxReducibleMargin({ ...position, margin: '535', mark: '96800' }).toFixed()).toBe('30');
    expect(maxReducibleMargin({ ...position, margin: '485', mark: '96000' }).toFixed()).toBe('0');
  });

  it('releases margin in proportion on a partial close and all of it on a full close', () => {
    expect(releasedMargin('535', '0.1', '0.04').toFixed()).toBe('214');
    expect(releasedMargin('33.33333333', '3', '3').toFixed()).toBe('33.33333333');
  });

  it('averages the entry of a position added to', () => {
    expect(averageEntry('1', '20000', '1', '21000').toFixed()).toBe('20500');
  });
});

describe('the order form', () => {
  it('offers the largest quantity whose margin and fee fit the balance', () => {
    // 1 000 USDT, 20 000, 10×, taker 0.06 %: one unit costs 2 000 + 12 = 2 012 → 0.497
    const qty = maxOpenQuantity('1000', '20000', 10, '0.0006', '0.001');
    expect(qty.toFixed()).toBe('0.497');
    expect(orderCost(qty, '20000', 10, '0.0006').total.lte(1000)).toBe(true);
    expect(orderCost(qty.plus('0.001'), '20000', 10, '0.0006').total.gt(1000)).toBe(true);
    expect(maxOpenQuantity('0', '20000', 10, '0.0006', '0.001').toFixed()).toBe('0');
  });
});

describe('take profit and stop loss (SPEC.md §5)', () => {
  const long = {
    direction: 'long',
    reference: '20000',
    liquidation: '19700',
    minDistanceRate: '0.005',
  } as const;

  it('wants the take profit beyond the reference in the direction of profit', () => {
    expect(checkTakeStop({ ...long, takeProfit: '21000', stopLoss: '' })).toBeNull();
    expect(checkTakeStop({ ...long, takeProfit: '20000', stopLoss: '' })).toBe('take_profit_side');
    expect(
      checkTakeStop({
        ...long,
        direction: 'short',
        liquidation: '20300',
        takeProfit: '21000',
        stopLoss: '',
      }),
    ).toBe('take_profit_side');
  });

  it('wants the stop loss the other way, and not within 0.5 % of the liquidation price', () => {
    expect(checkTakeStop({ ...long, takeProfit: '', stopLoss: '20100' })).toBe('stop_loss_side');
    // 19 700 × 1.005 = 19 798.5
    expect(checkTakeStop({ ...long, takeProfit: '', stopLoss: '19798.49' })).toBe(
      'stop_loss_near_liquidation',
    );
    expect(checkTakeStop({ ...long, takeProfit: '', stopLoss: '19798.5' })).toBeNull();
    // a short: 20 300 × 0.995 = 20 198.5
    const short = { ...long, direction: 'short', liquidation: '20300' } as const;
    expect(checkTakeStop({ ...short, takeProfit: '', stopLoss: '20198.51' })).toBe(
      'stop_loss_near_liquidation',
    );
    expect(checkTakeStop({ ...short, takeProfit: '19000', stopLoss: '20198.5' })).toBeNull();
  });

  it('fires on the mark: take profit at or beyond, stop loss at or behind', () => {
    expect(triggeredTakeStop('long', '20999.99', '21000', '19900')).toBeNull();
    expect(triggeredTakeStop('long', '21000', '21000', '19900')).toBe('take_profit');
    expect(triggeredTakeStop('long', '19900', '21000', '19900')).toBe('stop_loss');
    expect(triggeredTakeStop('short', '19000', '19000', '')).toBe('take_profit');
    expect(triggeredTakeStop('short', '20100', '', '20100')).toBe('stop_loss');
  });
});

describe('auto-margin', () => {
  const rule = { margin: '400', initialMargin: '400', depositRate: '50', autoAdd: '25' };

  it('adds auto_add % of the initial margin once the loss reaches deposit_rate % of the margin', () => {
    expect(autoMarginTopUp({ ...rule, pnl: '-199.99' })).toBeNull();
    expect(autoMarginTopUp({ ...rule, pnl: '-200' })?.toFixed()).toBe('100');
    expect(autoMarginTopUp({ ...rule, pnl: '50' })).toBeNull();
  });

  it('measures the loss against the margin after earlier top-ups', () => {
    // 500 of margin now: 50 % is 250
    expect(autoMarginTopUp({ ...rule, margin: '500', pnl: '-249' })).toBeNull();
    expect(autoMarginTopUp({ ...rule, margin: '500', pnl: '-250' })?.toFixed()).toBe('100');
  });
});

describe('a position’s figures at a mark, as the list shows them', () => {
  it('matches the protocol’s example position', () => {
    const figures = positionFigures(
      {
        direction: 'long',
        qty: '0.1',
        entry: '97000',
        margin: '535',
        maintenanceRate: '0.005',
        leverage: 20,
      },
      '97250.50',
    );
    expect({
      initial: figures.initialMargin.toFixed(2),
      pnl: figures.unrealizedPnl.toFixed(2),
      rate: figures.profitRate.toFixed(2),
      ratio: figures.marginRatio.toFixed(2),
      liquidation: figures.liquidationPrice.toFixed(2),
      reducible: figures.maxReducibleMargin.toFixed(2),
    }).toEqual({
      initial: '485.00',
      pnl: '25.05',
      rate: '5.16',
      ratio: '8.68',
      liquidation: '92135.00',
      reducible: '50.00',
    });
  });
});
