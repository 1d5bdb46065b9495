// Its own segment, imported only by the location pages: d3-geo and the world's TopoJSON stay off
// every other route's code.
export { WorldMap, type LonLat, type MapView } from './world-map.tsx';
