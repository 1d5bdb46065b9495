// Places passed between screens through the address (the location pages' contract).
export { geoLink, PLACE_PARAMS, placeFromQuery, placeOf, placeQuery, type Place } from './place.ts';
