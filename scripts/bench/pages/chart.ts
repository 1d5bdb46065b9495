// The chart benchmark page: our canvas chart and TradingView's lightweight-charts draw the same
// synthetic candles, one after the other, measured the same way. The runner calls
// `window.chartBench(...)` and reads the raw samples back.
import { frameWorkSoFar, nextFramePainted, seededRandom, settle } from './frames.ts';
import type { ChartBenchOptions, ChartSample, Library, Timing } from '../results.ts';
import type { Candle } from '@bourse/protocol';
import {
  CandlestickSeries,
  createChart,
  HistogramSeries,
  LineSeries,
  type UTCTimestamp,
} from 'lightweight-charts';
import { createCandleChart, DAY_THEME, MA_WINDOWS } from '@bourse/web/features/candle-chart';

/** What one library does with the data: set the whole series, then one live candle. */
interface ChartUnderTest {
  setData(candles: readonly Candle[]): void;
  update(candle: Candle): void;
  destroy(): void;
}

const MINUTE = 60_000;

/** Cents as a decimal string, without float arithmetic. */
const money = (cents: number): string =>
  `${Math.trunc(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;

/** A seeded random walk of one-minute candles, oldest first, as the wire carries them. */
function syntheticCandles(count: number, seed = 20261122): Candle[] {
  const random = seededRandom(seed);
  const start = Date.UTC(2026, 0, 5) - count * MINUTE;
  let close = 250_000;
  const candles: Candle[] = [];
  for (let i = 0; i < count; i++) {
    const open = close;
    close = Math.max(1_000, open + Math.round((random() - 0.5) * 600));
    const high = Math.max(open, close) + Math.round(random() * 200);
    const low = Math.max(1, Math.min(open, close) - Math.round(random() * 200));
    candles.push({
      time: start + i * MINUTE,
      open: money(open),
      high: money(high),
      low: money(low),
      close: money(close),
      volume: `${String(1 + Math.round(random() * 5_000))}.${String(Math.round(random() * 99)).padStart(2, '0')}`,
    });
  }
  return candles;
}

/** The newest candle moved: a new close, a higher high, more volume. */
function liveCandle(last: Candle, step: number): Candle {
  const cents = Math.round(Number(last.close) * 100) + (step % 2 === 0 ? 37 : -29);
  const high = Math.max(Math.round(Number(last.high) * 100), cents);
  const low = Math.min(Math.round(Number(last.low) * 100), cents);
  return {
    ...last,
    close: money(cents),
    high: money(high),
    low: money(low),
    volume: `${String(Math.trunc(Number(last.volume)) + step + 1)}.00`,
  };
}

function ours(container: HTMLElement): ChartUnderTest {
  const chart = createCandleChart(container, { theme: DAY_THEME, precision: 2, period: '1m' });
  return {
    setData: (candles) => {
      chart.setData(candles);
    },
    update: (candle) => {
      chart.update(candle);
    },
    destroy: () => {
      chart.destroy();
    },
  };
}

/**
 * lightweight-charts drawing what ours draws: candles, volume in its own pane-bottom scale and
 * the same moving averages. It gets the wire's decimal strings too, and turns them into numbers
 * inside the timed call, as an app using it would.
 */
function theirs(container: HTMLElement): ChartUnderTest {
  const chart = createChart(container, {
    autoSize: true,
    layout: { background: { color: DAY_THEME.background }, textColor: DAY_THEME.text },
    timeScale: { timeVisible: true },
  });
  const candles = chart.addSeries(CandlestickSeries, {
    upColor: DAY_THEME.up,
    downColor: DAY_THEME.down,
    wickUpColor: DAY_THEME.up,
    wickDownColor: DAY_THEME.down,
    borderVisible: false,
  });
  const volume = chart.addSeries(HistogramSeries, {
    priceScaleId: 'volume',
    priceFormat: { type: 'volume' },
  });
  chart.priceScale('volume').applyOptions({ scaleMargins: { top: 0.8, bottom: 0 } });
  const averages = MA_WINDOWS.map((_, k) =>
    chart.addSeries(LineSeries, {
      lineWidth: 1,
      color: DAY_THEME.ma[k] ?? DAY_THEME.muted,
      priceLineVisible: false,
      lastValueVisible: false,
    }),
  );
  let closes: number[] = [];
  const time = (candle: Candle) => (candle.time / 1000) as UTCTimestamp;
  const bar = (candle: Candle) => ({
    time: time(candle),
    open: Number(candle.open),
    high: Number(candle.high),
    low: Number(candle.low),
    close: Number(candle.close),
  });
  const volumeBar = (candle: Candle) => ({
    time: time(candle),
    value: Number(candle.volume),
    color: Number(candle.close) >= Number(candle.open) ? DAY_THEME.up : DAY_THEME.down,
  });
  return {
    setData: (list) => {
      candles.setData(list.map(bar));
      volume.setData(list.map(volumeBar));
      closes = list.map((candle) => Number(candle.close));
      MA_WINDOWS.forEach((window, k) => {
        const points: { time: UTCTimestamp; value: number }[] = [];
        let sum = 0;
        closes.forEach((close, i) => {
          sum += close;
          if (i >= window) sum -= closes[i - window] ?? 0;
          if (i >= window - 1) points.push({ time: time(list[i] as Candle), value: sum / window });
        });
        averages[k]?.setData(points);
      });
    },
    update: (candle) => {
      candles.update(bar(candle));
      volume.update(volumeBar(candle));
      closes[closes.length - 1] = Number(candle.close);
      MA_WINDOWS.forEach((window, k) => {
        const tail = closes.slice(-window);
        averages[k]?.update({
          time: time(candle),
          value: tail.reduce((sum, close) => sum + close, 0) / window,
        });
      });
    },
    destroy: () => {
      chart.remove();
    },
  };
}

const LIBRARIES: Readonly<Record<Library, (container: HTMLElement) => ChartUnderTest>> = {
  bourse: ours,
  'lightweight-charts': theirs,
};

/** Times one call: its own work, the library frame callbacks it caused, and until painted. */
async function timed(call: () => void, into: Timing): Promise<void> {
  const workBefore = frameWorkSoFar();
  const start = performance.now();
  call();
  const atOnce = performance.now() - start;
  const painted = await nextFramePainted();
  into.work.push(atOnce + frameWorkSoFar() - workBefore);
  into.painted.push(painted - start);
}

async function measure(
  library: Library,
  data: readonly Candle[],
  runs: number,
): Promise<ChartSample> {
  const sample: ChartSample = {
    library,
    candles: data.length,
    setData: { work: [], painted: [] },
    update: { work: [], painted: [] },
  };
  const last = data.at(-1);
  if (last === undefined) throw new Error('no candles');
  for (let run = 0; run < runs; run++) {
    const container = document.createElement('div');
    container.className = 'chart';
    document.body.append(container);
    const chart = LIBRARIES[library](container);
    await settle(2);
    await timed(() => {
      chart.setData(data);
    }, sample.setData);
    await settle(1);
    await timed(() => {
      chart.update(liveCandle(last, run));
    }, sample.update);
    chart.destroy();
    container.remove();
    await settle(1);
  }
  return sample;
}

async function chartBench(options: ChartBenchOptions): Promise<ChartSample[]> {
  const samples: ChartSample[] = [];
  for (const size of options.sizes) {
    const data = syntheticCandles(size);
    // One warm-up run each, so that neither is measured compiling its code.
    await measure('bourse', data, 1);
    await measure('lightweight-charts', data, 1);
    // Interleaved, so that a slower stretch of the machine hits both alike.
    const ourRuns: ChartSample[] = [];
    const theirRuns: ChartSample[] = [];
    for (let run = 0; run < options.runs; run++) {
      ourRuns.push(await measure('bourse', data, 1));
      theirRuns.push(await measure('lightweight-charts', data, 1));
    }
    for (const runs of [ourRuns, theirRuns]) {
      const first = runs[0];
      if (first === undefined) continue;
      samples.push({
        library: first.library,
        candles: size,
        setData: {
          work: runs.flatMap((run) => run.setData.work),
          painted: runs.flatMap((run) => run.setData.painted),
        },
        update: {
          work: runs.flatMap((run) => run.update.work),
          painted: runs.flatMap((run) => run.update.painted),
        },
      });
    }
  }
  return samples;
}

declare global {
  interface Window {
    chartBench?: typeof chartBench;
  }
}

window.chartBench = chartBench;
