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
  money,
  notional,
  orderCost,
  positionFigures,
  profitRate,
  realizedPnl,
  releasedMargin,
  tradeFee,
  triggeredTakeStop,
  unrealizedPnl,
} from './index.ts';

/**
 * Every formula at, just below and just above each of its thresholds, and the rounding of each
 * figure: money (margin, fees, PnL, maintenance margin, what may be taken out or is released,
 * auto-margin) to 8 decimals half up, that is half away from zero; prices, percentages and
 * ratios exact (40 significant digits). Each expectation is the exact decimal string, so a
 * figure rounded the wrong way, or not at all, shows.
 */

describe('money: 8 decimals, half up (away from zero)', () => {
  it('rounds a half at the 9th decimal up, and anything below it down', () => {
    expect(money('0.000000005').toFixed()).toBe('0.00000001');
    expect(money('0.0000000049999').toFixed()).toBe('0');
    expect(money('0.0000000050001').toFixed()).toBe('0.00000001');
    // an even 8th digit still goes up (not half even)
    expect(money('0.000000025').toFixed()).toBe('0.00000003');
    // a negative half goes away from zero (not half ceiling)
    expect(money('-0.000000005').toFixed()).toBe('-0.00000001');
    expect(money('-0.0000000049999').toFixed()).toBe('0');
  });

  it('keeps the notional exact: it is rounded only in what it makes', () => {
    expect(notional('0.333', '20000.123456789').toFixed()).toBe('6660.041111110737');
  });
});

describe('fee: qty × price × rate, half up', () => {
  it('rounds a fee whose exact value ends in 5 at the 9th decimal up', () => {
    // 0.00000001 × 5 × 0.1 = 0.000000005
    expect(tradeFee('0.00000001', '5', '0.1').toFixed()).toBe('0.00000001');
    // 0.001 × 12 345.675 × 0.0006 = 0.007407405
    expect(tradeFee('0.001', '12345.675', '0.0006').toFixed()).toBe('0.00740741');
  });

  it('rounds a fee just below the half down, not up', () => {
    // 0.0000000049998
    expect(tradeFee('0.00000001', '4.9998', '0.1').toFixed()).toBe('0');
    // 0.001 × 12 345.67 × 0.0006 = 0.007407402
    expect(tradeFee('0.001', '12345.67', '0.0006').toFixed()).toBe('0.0074074');
    // 0.001 × 12 345.674 × 0.0006 = 0.0074074044
    expect(tradeFee('0.001', '12345.674', '0.0006').toFixed()).toBe('0.0074074');
  });

  it('rounds a fee just above the half up', () => {
    expect(tradeFee('0.00000001', '5.0002', '0.1').toFixed()).toBe('0.00000001');
    // 0.001 × 12 345.676 × 0.0006 = 0.0074074056
    expect(tradeFee('0.001', '12345.676', '0.0006').toFixed()).toBe('0.00740741');
  });

  it('charges nothing at a zero rate, and an exact fee as it is', () => {
    expect(tradeFee('1', '20000', '0').toFixed()).toBe('0');
    expect(tradeFee('0.123', '97000.5', '0.0006').toFixed()).toBe('7.1586369');
  });
});

describe('initial margin: qty × entry ÷ leverage, half up', () => {
  it('rounds a third down and two thirds up', () => {
    expect(initialMargin('1', '100', 3).toFixed()).toBe('33.33333333');
    expect(initialMargin('2', '100', 3).toFixed()).toBe('66.66666667');
  });

  it('rounds at, just below and just above the half', () => {
    expect(initialMargin('0.00000001', '1', 2).toFixed()).toBe('0.00000001');
    expect(initialMargin('0.00000001', '0.9999', 2).toFixed()).toBe('0');
    expect(initialMargin('0.00000001', '1.0001', 2).toFixed()).toBe('0.00000001');
  });
});

describe('order cost: margin and fee, each rounded, then added', () => {
  it('adds the rounded margin and the rounded fee, not the exact ones', () => {
    // margin 33.333333333…, fee 100 × 0.00000000004 = 0.000000004: exact sum 33.3333333373…
    const cost = orderCost('1', '100', 3, '0.00000000004');
    expect([cost.margin.toFixed(), cost.fee.toFixed(), cost.total.toFixed()]).toEqual([
      '33.33333333',
      '0',
      '33.33333333',
    ]);
  });
});

describe('PnL: qty × side × (mark − entry), half up', () => {
  it('is rounded to 8 decimals, never left exact', () => {
    // 0.333 × 0.123456789 = 0.041111110737
    expect(unrealizedPnl('long', '0.333', '20000', '20000.123456789').toFixed()).toBe('0.04111111');
    expect(unrealizedPnl('short', '0.333', '20000', '20000.123456789').toFixed()).toBe(
      '-0.04111111',
    );
    expect(realizedPnl('long', '0.333', '20000', '20000.123456789').toFixed()).toBe('0.04111111');
    // 0.7 × 0.123456789 = 0.0864197523: up
    expect(realizedPnl('short', '0.7', '20000.123456789', '20000').toFixed()).toBe('0.08641975');
  });

  it('rounds at, just below and just above the half, away from zero for a short', () => {
    // 0.1 × 0.00000005 = 0.000000005
    expect(unrealizedPnl('long', '0.1', '100', '100.00000005').toFixed()).toBe('0.00000001');
    expect(unrealizedPnl('short', '0.1', '100', '100.00000005').toFixed()).toBe('-0.00000001');
    expect(unrealizedPnl('long', '0.1', '100', '100.000000049').toFixed()).toBe('0');
    expect(unrealizedPnl('short', '0.1', '100', '100.000000049').toFixed()).toBe('0');
    expect(unrealizedPnl('long', '0.1', '100', '100.000000051').toFixed()).toBe('0.00000001');
    expect(unrealizedPnl('short', '0.1', '100', '100.000000051').toFixed()).toBe('-0.00000001');
  });

  it('is zero at the entry and changes sign either side of it', () => {
    expect(unrealizedPnl('long', '1', '20000', '20000').toFixed()).toBe('0');
    expect(unrealizedPnl('long', '1', '20000', '19999.99').toFixed()).toBe('-0.01');
    expect(unrealizedPnl('long', '1', '20000', '20000.01').toFixed()).toBe('0.01');
    expect(unrealizedPnl('short', '1', '20000', '19999.99').toFixed()).toBe('0.01');
    expect(unrealizedPnl('short', '1', '20000', '20000.01').toFixed()).toBe('-0.01');
  });
});

describe('profit rate: PnL ÷ initial margin × 100, exact', () => {
  it('is not rounded', () => {
    expect(profitRate('1', '3').toFixed()).toBe('33.33333333333333333333333333333333333333');
    expect(profitRate('-25.05', '485').toFixed(2)).toBe('-5.16');
  });

  it('is 0 without margin, and defined for the least margin there is', () => {
    expect(profitRate('10', '0').toFixed()).toBe('0');
    expect(profitRate('0.00000001', '0.00000001').toFixed()).toBe('100');
  });
});

describe('maintenance margin: qty × mark × rate, half up', () => {
  it('rounds at, just below and just above the half', () => {
    expect(maintenanceMargin('0.00000001', '1', '0.5').toFixed()).toBe('0.00000001');
    expect(maintenanceMargin('0.00000001', '1', '0.4999').toFixed()).toBe('0');
    expect(maintenanceMargin('0.00000001', '1', '0.5001').toFixed()).toBe('0.00000001');
    // 0.3 × 33.333333333 × 0.005 = 0.0499999999995: up to 0.05
    expect(maintenanceMargin('0.3', '33.333333333', '0.005').toFixed()).toBe('0.05');
  });
});

describe('margin ratio: maintenance ÷ (margin + PnL) × 100, exact', () => {
  it('is exactly 100 when the maintenance margin equals what is left, and either side of it', () => {
    expect(marginRatio('100', '150', '-50').toFixed()).toBe('100');
    expect(marginRatio('99.99999999', '150', '-50').toFixed()).toBe('99.99999999');
    expect(marginRatio('100.00000001', '150', '-50').toFixed()).toBe('100.00000001');
  });

  it('is not rounded', () => {
    expect(marginRatio('1', '3', '0').toFixed()).toBe('33.33333333333333333333333333333333333333');
  });

  it('is infinite once nothing is left, and finite while anything is', () => {
    expect(marginRatio('10', '100', '-100').isFinite()).toBe(false);
    expect(marginRatio('10', '100', '-100.00000001').isFinite()).toBe(false);
    expect(marginRatio('0.00000001', '100', '-99.99999999').toFixed()).toBe('100');
  });
});

describe('liquidation price: exact, never below 0', () => {
  // long 1 at 20 000, maintenance 0.5 %: maintenance at entry 100, so margin 20 100 takes it to 0
  const long = {
    direction: 'long',
    qty: '1',
    entry: '20000',
    maintenanceRate: '0.005',
  } as const;

  it('reaches 0 exactly, and stays there for any more margin', () => {
    expect(liquidationPrice({ ...long, margin: '20099.99' }).toFixed()).toBe('0.01');
    expect(liquidationPrice({ ...long, margin: '20100' }).toFixed()).toBe('0');
    expect(liquidationPrice({ ...long, margin: '20100.01' }).toFixed()).toBe('0');
    // a long with a huge margin: 20 000 − (1 000 000 − 100) would be −979 900
    expect(liquidationPrice({ ...long, margin: '1000000' }).toFixed()).toBe('0');
  });

  it('has no ceiling for a short', () => {
    expect(liquidationPrice({ ...long, direction: 'short', margin: '1000000' }).toFixed()).toBe(
      '1019900',
    );
  });

  it('is 0 for no quantity, and not rounded', () => {
    expect(liquidationPrice({ ...long, qty: '0', margin: '400' }).toFixed()).toBe('0');
    // a short of nothing has no liquidation price either (not an infinite one)
    expect(
      liquidationPrice({ ...long, direction: 'short', qty: '0', margin: '400' }).toFixed(),
    ).toBe('0');
    // 100 − 10 ÷ 3
    expect(
      liquidationPrice({
        direction: 'long',
        qty: '3',
        entry: '100',
        margin: '10',
        maintenanceRate: '0',
      }).toFixed(),
    ).toBe('96.66666666666666666666666666666666666667');
  });
});

describe('liquidated when the margin ratio reaches 100 % or the mark the liquidation price', () => {
  it('liquidates a long at its liquidation price, not a cent before', () => {
    const long = {
      direction: 'long',
      qty: '1',
      entry: '20000',
      margin: '400',
      maintenanceRate: '0.005',
    } as const;
    // 19 700; the ratio there is 98.5 %, so the price decides
    expect(isLiquidated(long, '19700.01')).toBe(false);
    expect(isLiquidated(long, '19700')).toBe(true);
    expect(isLiquidated(long, '19699.99')).toBe(true);
  });

  it('liquidates at a margin ratio of exactly 100 %, before the liquidation price', () => {
    // short 1 at 20 000, margin 402, maintenance 1 %: liquidation price 20 000 + 402 − 200 =
    // 20 202; at 20 200 the maintenance margin is 202 and 402 − 200 = 202 is left: 100 %
    const short = {
      direction: 'short',
      qty: '1',
      entry: '20000',
      margin: '402',
      maintenanceRate: '0.01',
    } as const;
    expect(liquidationPrice(short).toFixed()).toBe('20202');
    expect(
      marginRatio(
        maintenanceMargin('1', '20200', '0.01'),
        '402',
        unrealizedPnl('short', '1', '20000', '20200'),
      ).toFixed(),
    ).toBe('100');
    expect(isLiquidated(short, '20199.99')).toBe(false);
    expect(isLiquidated(short, '20200')).toBe(true);
    expect(isLiquidated(short, '20200.01')).toBe(true);
  });

  it('never liquidates a long whose liquidation price is 0 at a positive mark', () => {
    const long = {
      direction: 'long',
      qty: '1',
      entry: '20000',
      margin: '1000000',
      maintenanceRate: '0.005',
    } as const;
    expect(isLiquidated(long, '0.01')).toBe(false);
  });
});

describe('most margin out: margin + loss − initial margin, never below 0', () => {
  // initial margin 1 × 100 ÷ 10 = 10, margin 12
  const position = {
    direction: 'long',
    qty: '1',
    entry: '100',
    leverage: 10,
    margin: '12',
  } as const;

  it('counts a loss and never a profit', () => {
    expect(maxReducibleMargin({ ...position, mark: '100' }).toFixed()).toBe('2');
    expect(maxReducibleMargin({ ...position, mark: '100.01' }).toFixed()).toBe('2');
    expect(maxReducibleMargin({ ...position, mark: '99.99' }).toFixed()).toBe('1.99');
  });

  it('is 0 when the loss takes all above the initial margin, and more', () => {
    expect(maxReducibleMargin({ ...position, mark: '98.01' }).toFixed()).toBe('0.01');
    expect(maxReducibleMargin({ ...position, mark: '98' }).toFixed()).toBe('0');
    expect(maxReducibleMargin({ ...position, mark: '97.99' }).toFixed()).toBe('0');
  });

  it('is money: 8 decimals, half up', () => {
    // initial margin 33.33333333; 40.000000005 − 33.33333333 = 6.666666675
    const third = { direction: 'long', qty: '1', entry: '100', leverage: 3, mark: '100' } as const;
    expect(maxReducibleMargin({ ...third, margin: '40' }).toFixed()).toBe('6.66666667');
    expect(maxReducibleMargin({ ...third, margin: '40.000000005' }).toFixed()).toBe('6.66666668');
    expect(maxReducibleMargin({ ...third, margin: '40.0000000049' }).toFixed()).toBe('6.66666667');
  });
});

describe('released margin: margin × closed ÷ held, all of it on a full close', () => {
  it('releases all of it at the held quantity and beyond, a share just below it', () => {
    expect(releasedMargin('33.33333333', '3', '3').toFixed()).toBe('33.33333333');
    expect(releasedMargin('33.33333333', '3', '3.001').toFixed()).toBe('33.33333333');
    // 33.33333333 × 2.999 ÷ 3 = 33.32222222111…
    expect(releasedMargin('33.33333333', '3', '2.999').toFixed()).toBe('33.32222222');
  });

  it('rounds half up', () => {
    expect(releasedMargin('100', '3', '1').toFixed()).toBe('33.33333333');
    expect(releasedMargin('100', '3', '2').toFixed()).toBe('66.66666667');
    expect(releasedMargin('0.00000001', '2', '1').toFixed()).toBe('0.00000001');
    expect(releasedMargin('0.00000001', '2.0002', '1').toFixed()).toBe('0');
  });
});

describe('average entry: exact', () => {
  it('is not rounded, and is the price when nothing is held', () => {
    expect(averageEntry('1', '100', '2', '101').toFixed()).toBe(
      '100.6666666666666666666666666666666666667',
    );
    expect(averageEntry('0', '0', '0', '20000').toFixed()).toBe('20000');
    expect(averageEntry('0', '0', '1', '20000').toFixed()).toBe('20000');
  });
});

describe('largest quantity: down to the step, within the balance after rounding', () => {
  // 0.5 at 20 000, 10×, taker 0.06 %: margin 1 000 + fee 6 = 1 006
  it('offers the quantity whose cost is exactly the balance, and a step less a hair below it', () => {
    expect(maxOpenQuantity('1006', '20000', 10, '0.0006', '0.001').toFixed()).toBe('0.5');
    expect(maxOpenQuantity('1005.99999999', '20000', 10, '0.0006', '0.001').toFixed()).toBe(
      '0.499',
    );
    expect(maxOpenQuantity('1006.00000001', '20000', 10, '0.0006', '0.001').toFixed()).toBe('0.5');
  });

  it('steps down when the rounded cost is over the balance though the exact one fits', () => {
    // 2 at 100, 3×: exact margin 66.666…, booked 66.66666667
    expect(maxOpenQuantity('66.66666667', '100', 3, '0', '1').toFixed()).toBe('2');
    expect(maxOpenQuantity('66.666666669', '100', 3, '0', '1').toFixed()).toBe('1');
  });

  it('offers nothing with no balance or no price', () => {
    expect(maxOpenQuantity('0', '20000', 10, '0.0006', '0.001').toFixed()).toBe('0');
    expect(maxOpenQuantity('-1', '20000', 10, '0.0006', '0.001').toFixed()).toBe('0');
    expect(maxOpenQuantity('1000', '0', 10, '0.0006', '0.001').toFixed()).toBe('0');
  });
});

describe('take profit and stop loss: at, just inside and just outside each limit', () => {
  const long = {
    direction: 'long',
    reference: '20000',
    liquidation: '19700',
    minDistanceRate: '0.005',
  } as const;
  const short = { ...long, direction: 'short', liquidation: '20300' } as const;

  it('refuses a take profit at the reference or on the wrong side of it', () => {
    const tp = (rule: typeof long | typeof short, takeProfit: string) =>
      checkTakeStop({ ...rule, takeProfit, stopLoss: '' });
    expect(tp(long, '19999.99')).toBe('take_profit_side');
    expect(tp(long, '20000')).toBe('take_profit_side');
    expect(tp(long, '20000.01')).toBeNull();
    expect(tp(short, '20000.01')).toBe('take_profit_side');
    expect(tp(short, '20000')).toBe('take_profit_side');
    expect(tp(short, '19999.99')).toBeNull();
  });

  it('refuses a stop loss at the reference or on the wrong side of it', () => {
    const sl = (rule: typeof long | typeof short, stopLoss: string) =>
      checkTakeStop({ ...rule, takeProfit: '', stopLoss });
    expect(sl(long, '20000.01')).toBe('stop_loss_side');
    expect(sl(long, '20000')).toBe('stop_loss_side');
    expect(sl(long, '19999.99')).toBeNull();
    expect(sl(short, '19999.99')).toBe('stop_loss_side');
    expect(sl(short, '20000')).toBe('stop_loss_side');
    expect(sl(short, '20000.01')).toBeNull();
  });

  it('allows a stop loss exactly the minimum distance from the liquidation price', () => {
    const sl = (rule: typeof long | typeof short, stopLoss: string) =>
      checkTakeStop({ ...rule, takeProfit: '', stopLoss });
    // 19 700 × 1.005 = 19 798.5
    expect(sl(long, '19798.49')).toBe('stop_loss_near_liquidation');
    expect(sl(long, '19798.5')).toBeNull();
    expect(sl(long, '19798.51')).toBeNull();
    // 20 300 × 0.995 = 20 198.5
    expect(sl(short, '20198.51')).toBe('stop_loss_near_liquidation');
    expect(sl(short, '20198.5')).toBeNull();
    expect(sl(short, '20198.49')).toBeNull();
  });

  it('allows either left unset', () => {
    expect(checkTakeStop({ ...long, takeProfit: '', stopLoss: '' })).toBeNull();
  });
});

describe('TP/SL firing: at or beyond the take profit, at or behind the stop loss', () => {
  it('fires a long’s at, not a cent before', () => {
    expect(triggeredTakeStop('long', '20999.99', '21000', '')).toBeNull();
    expect(triggeredTakeStop('long', '21000', '21000', '')).toBe('take_profit');
    expect(triggeredTakeStop('long', '21000.01', '21000', '')).toBe('take_profit');
    expect(triggeredTakeStop('long', '19900.01', '', '19900')).toBeNull();
    expect(triggeredTakeStop('long', '19900', '', '19900')).toBe('stop_loss');
    expect(triggeredTakeStop('long', '19899.99', '', '19900')).toBe('stop_loss');
  });

  it('fires a short’s mirrored', () => {
    expect(triggeredTakeStop('short', '19000.01', '19000', '')).toBeNull();
    expect(triggeredTakeStop('short', '19000', '19000', '')).toBe('take_profit');
    expect(triggeredTakeStop('short', '18999.99', '19000', '')).toBe('take_profit');
    expect(triggeredTakeStop('short', '20099.99', '', '20100')).toBeNull();
    expect(triggeredTakeStop('short', '20100', '', '20100')).toBe('stop_loss');
    expect(triggeredTakeStop('short', '20100.01', '', '20100')).toBe('stop_loss');
  });
});

describe('auto-margin: at, just below and just above the loss threshold', () => {
  const rule = { margin: '400', initialMargin: '400', depositRate: '50', autoAdd: '25' };

  it('fires at deposit_rate % of the margin and beyond, not a hair before', () => {
    expect(autoMarginTopUp({ ...rule, pnl: '-199.99999999' })).toBeNull();
    expect(autoMarginTopUp({ ...rule, pnl: '-200' })?.toFixed()).toBe('100');
    expect(autoMarginTopUp({ ...rule, pnl: '-200.00000001' })?.toFixed()).toBe('100');
  });

  it('never fires without a loss, even at a rate of 0', () => {
    expect(autoMarginTopUp({ ...rule, depositRate: '0', pnl: '0' })).toBeNull();
    expect(autoMarginTopUp({ ...rule, depositRate: '0', pnl: '0.00000001' })).toBeNull();
    expect(autoMarginTopUp({ ...rule, depositRate: '0', pnl: '-0.00000001' })?.toFixed()).toBe(
      '100',
    );
  });

  it('adds money: 8 decimals half up, and nothing when that rounds to 0', () => {
    const tiny = { ...rule, pnl: '-400' };
    expect(autoMarginTopUp({ ...tiny, initialMargin: '0.00000002' })?.toFixed()).toBe('0.00000001');
    expect(autoMarginTopUp({ ...tiny, initialMargin: '0.00000001' })).toBeNull();
    expect(
      autoMarginTopUp({ ...tiny, initialMargin: '0.00000001', autoAdd: '50' })?.toFixed(),
    ).toBe('0.00000001');
    // 33.33333333 × 25 % = 8.3333333325
    expect(autoMarginTopUp({ ...tiny, initialMargin: '33.33333333' })?.toFixed()).toBe(
      '8.33333333',
    );
  });
});

describe('a position’s figures: each with its own rounding', () => {
  it('rounds the money and keeps the rates and prices exact', () => {
    const figures = positionFigures(
      {
        direction: 'long',
        qty: '0.333',
        entry: '20000',
        margin: '2220',
        maintenanceRate: '0.005',
        leverage: 3,
      },
      '20000.123456789',
    );
    expect({
      initial: figures.initialMargin.toFixed(),
      pnl: figures.unrealizedPnl.toFixed(),
      rate: figures.profitRate.toFixed(),
      maintenance: figures.maintenanceMargin.toFixed(),
      ratio: figures.marginRatio.toFixed(),
      liquidation: figures.liquidationPrice.toFixed(),
      reducible: figures.maxReducibleMargin.toFixed(),
    }).toEqual({
      // 0.333 × 20 000 ÷ 3
      initial: '2220',
      // 0.041111110737
      pnl: '0.04111111',
      // 0.04111111 ÷ 2220 × 100
      rate: '0.001851851801801801801801801801801801801802',
      // 0.333 × 20 000.123456789 × 0.005 = 33.300205555553685
      maintenance: '33.30020556',
      // 33.30020556 ÷ 2220.04111111 × 100
      ratio: '1.499981482025357879499741675394149228305',
      // 20 000 − (2 220 − 33.3) ÷ 0.333
      liquidation: '13433.33333333333333333333333333333333333',
      reducible: '0',
    });
  });
});
