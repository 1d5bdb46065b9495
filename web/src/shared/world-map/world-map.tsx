import {
  geoGraticule10,
  geoNaturalEarth1,
  geoOrthographic,
  geoPath,
  type GeoProjection,
} from 'd3-geo';
import type { MouseEvent } from 'react';
import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import land110m from 'world-atlas/land-110m.json';
import styles from './world-map.module.css';

const WIDTH = 640;
const HEIGHT = 360;
const SPHERE = { type: 'Sphere' } as const;

/** The land of Natural Earth at 1:110m, drawn offline (world-atlas, ~56 kB of TopoJSON). */
const topology = land110m as unknown as Topology<{ land: GeometryCollection }>;
const LAND = feature(topology, topology.objects.land);
const GRATICULE = geoGraticule10();

export interface LonLat {
  readonly longitude: number;
  readonly latitude: number;
}

/**
 * `globe`: the Earth turned to face the marker (where it is at a glance); `world`: the whole
 * world flat, so that any point of it can be tapped.
 */
export type MapView = 'globe' | 'world';

function projectionOf(view: MapView, center: LonLat | null): GeoProjection {
  if (view === 'globe') {
    return geoOrthographic()
      .rotate([-(center?.longitude ?? 0), -(center?.latitude ?? 20)])
      .fitExtent(
        [
          [8, 8],
          [WIDTH - 8, HEIGHT - 8],
        ],
        SPHERE,
      );
  }
  return geoNaturalEarth1().fitSize([WIDTH, HEIGHT], SPHERE);
}

/**
 * A world map drawn with d3-geo from a TopoJSON package: no tiles, no network, no key. The
 * marker's place is what `label` says (the map is an image to assistive technology); `onPick`
 * makes the map tappable and answers the point tapped.
 */
export function WorldMap({
  view,
  marker,
  label,
  onPick,
}: {
  view: MapView;
  marker: LonLat | null;
  label: string;
  onPick?: (point: LonLat) => void;
}) {
  const projection = projectionOf(view, marker);
  const path = geoPath(projection);
  const point = marker === null ? null : projection([marker.longitude, marker.latitude]);

  const picked = (event: MouseEvent<SVGSVGElement>) => {
    const svg = event.currentTarget;
    const matrix = svg.getScreenCTM();
    if (onPick === undefined || matrix === null) return;
    const at = new DOMPoint(event.clientX, event.clientY).matrixTransform(matrix.inverse());
    const lonLat = projection.invert?.([at.x, at.y]);
    if (lonLat === undefined || lonLat === null || !Number.isFinite(lonLat[0])) return;
    onPick({ longitude: lonLat[0], latitude: lonLat[1] });
  };

  return (
    <svg
      viewBox={`0 0 ${String(WIDTH)} ${String(HEIGHT)}`}
      className={`${styles.map} ${onPick ? styles.pickable : ''}`}
      role="img"
      aria-label={label}
      onClick={onPick ? picked : undefined}
      data-testid="world-map"
    >
      <path d={path(SPHERE) ?? ''} className={styles.sphere} />
      <path d={path(GRATICULE) ?? ''} className={styles.graticule} />
      <path d={path(LAND) ?? ''} className={styles.land} />
      {point ? (
        <g
          transform={`translate(${String(point[0])} ${String(point[1])})`}
          data-testid="map-marker"
        >
          <circle r="14" className={styles.halo} />
          <circle r="6" className={styles.marker} />
        </g>
      ) : null}
    </svg>
  );
}
