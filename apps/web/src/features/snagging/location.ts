/** Coordinates with 6 decimals (SPEC §9): about 0.1 m, finer than any phone's GPS. */
export const formatCoordinate = (value: number): string => (Object.is(value, -0) ? 0 : value).toFixed(6);

/** A maps search for the point, which opens the maps app on phones and Google Maps elsewhere. */
export const mapsUrl = (lat: number, lng: number): string =>
  `https://www.google.com/maps/search/?api=1&query=${formatCoordinate(lat)},${formatCoordinate(lng)}`;
