import 'leaflet/dist/leaflet.css';
import { PLANT_MAP_MAX_ZOOM } from '@sunstack/shared';
import type { FeatureCollection } from 'geojson';
import L from 'leaflet';
import { type CSSProperties, useEffect, useRef, useState } from 'react';
import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import fineOutlinesUrl from 'world-atlas/countries-50m.json?url';
import coarseOutlinesUrl from 'world-atlas/countries-110m.json?url';
import { useMapConfig } from '../api/mapConfig.ts';

/**
 * The base map of the plant map and the location picker. Country outlines from Natural Earth
 * (bundled with the app, so the map works without internet: 1:110m for the world, 1:50m once
 * zoomed in) lie under the tiles of the configured tile server, if any, and show through where
 * tiles cannot load.
 */

/** From this zoom on the finer outlines are worth their 750 KB. */
const FINE_OUTLINES_ZOOM = 4;
const WORLD = L.latLngBounds([-85, -180], [85, 180]);
const COLOURS = { sea: '#d5e4f0', land: '#f6f3ec', border: '#b5ae9f' };

type Ring = number[][];

/**
 * Natural Earth's rings that cross the antimeridian (Russia, Fiji, Antarctica) jump from +180°
 * to -180°, which a flat map would draw as a line around the world. Each ring is made continuous
 * (longitudes beyond ±180°), and a polygon that then reaches past the edge is drawn a second
 * time, shifted by 360°, so both sides of the map show their part.
 */
function unwrapPolygons(polygons: Ring[][]): Ring[][] {
  return polygons.flatMap((polygon) => {
    const rings = polygon.map((ring) => {
      let previous = ring[0]?.[0] ?? 0;
      let offset = 0;
      return ring.map(([longitude = 0, latitude = 0]) => {
        if (longitude - previous > 180) offset -= 360;
        else if (previous - longitude > 180) offset += 360;
        previous = longitude;
        return [longitude + offset, latitude];
      });
    });
    const longitudes = rings.flat().map(([longitude = 0]) => longitude);
    const shift = Math.max(...longitudes) > 180 ? -360 : Math.min(...longitudes) < -180 ? 360 : 0;
    if (shift === 0) return [rings];
    return [rings, rings.map((ring) => ring.map(([longitude = 0, latitude = 0]) => [longitude + shift, latitude]))];
  });
}

function unwrapAntimeridian(countries: FeatureCollection): FeatureCollection {
  return {
    ...countries,
    features: countries.features.map((country) => {
      const { geometry } = country;
      if (geometry.type === 'Polygon')
        return { ...country, geometry: { type: 'MultiPolygon', coordinates: unwrapPolygons([geometry.coordinates]) } };
      if (geometry.type === 'MultiPolygon')
        return { ...country, geometry: { ...geometry, coordinates: unwrapPolygons(geometry.coordinates) } };
      return country;
    }),
  };
}

const outlines = new Map<string, Promise<FeatureCollection>>();
/** Loads (once) the country outlines of a world-atlas TopoJSON file served with the app. */
function countryOutlines(url: string) {
  let loading = outlines.get(url);
  if (!loading) {
    loading = fetch(url)
      .then((response) => response.json() as Promise<Topology<{ countries: GeometryCollection }>>)
      .then((topology) => unwrapAntimeridian(feature(topology, topology.objects.countries) as FeatureCollection));
    // A failed load is tried again next time instead of staying failed.
    loading.catch(() => outlines.delete(url));
    outlines.set(url, loading);
  }
  return loading;
}

export interface WorldMapProps {
  /** Called once with the Leaflet map when it exists; the caller adds its layers and listeners. */
  onReady: (map: L.Map) => void;
  /** The accessible name of the map region. */
  label: string;
  style?: CSSProperties;
}

export default function WorldMap({ onReady, label, style }: WorldMapProps) {
  const container = useRef<HTMLDivElement>(null);
  const [map, setMap] = useState<L.Map>();
  const config = useMapConfig();
  const ready = useRef(onReady);
  ready.current = onReady;

  useEffect(() => {
    const element = container.current;
    if (!element) return;
    let created: L.Map | undefined;
    // Leaflet needs the container's size: a map in an opening dialog or a hidden tab starts when it has one.
    const start = () => {
      const map = L.map(element, {
        minZoom: 1,
        maxZoom: PLANT_MAP_MAX_ZOOM,
        maxBounds: WORLD,
        maxBoundsViscosity: 1,
        worldCopyJump: false,
      });
      map.fitBounds([
        [-55, -150],
        [70, 160],
      ]);
      map.attributionControl.addAttribution('Natural Earth');
      // Outlines sit below the tiles (tile pane: 200), so tiles cover them wherever they load.
      map.createPane('outlines').style.zIndex = '150';
      const style = { color: COLOURS.border, weight: 0.7, fillColor: COLOURS.land, fillOpacity: 1 };
      let shown: L.GeoJSON | undefined;
      let fine = false;
      const show = async (url: string) => {
        const geometry = await countryOutlines(url);
        if (!map.getContainer().isConnected) return;
        shown?.remove();
        shown = L.geoJSON(geometry, { pane: 'outlines', style, interactive: false }).addTo(map);
      };
      void show(coarseOutlinesUrl);
      map.on('zoomend', () => {
        if (fine || map.getZoom() < FINE_OUTLINES_ZOOM) return;
        fine = true;
        void show(fineOutlinesUrl);
      });
      created = map;
      setMap(map);
      ready.current(map);
    };
    const hasSize = () => element.clientWidth > 0 && element.clientHeight > 0;
    const resized = new ResizeObserver(() => {
      if (created) created.invalidateSize();
      else if (hasSize()) start();
    });
    resized.observe(element);
    if (hasSize()) start();
    return () => {
      resized.disconnect();
      created?.remove();
    };
  }, []);

  const tileUrl = config.data?.tileUrl;
  const attribution = config.data?.attribution ?? '';
  useEffect(() => {
    if (!map || !tileUrl) return;
    const tiles = L.tileLayer(tileUrl, { attribution, maxZoom: PLANT_MAP_MAX_ZOOM, noWrap: true }).addTo(map);
    return () => {
      tiles.remove();
    };
  }, [map, tileUrl, attribution]);

  // A labelled section is a region landmark; Leaflet fills it.
  return (
    <section
      ref={container}
      aria-label={label}
      style={{ height: 480, width: '100%', borderRadius: 8, background: COLOURS.sea, ...style }}
    />
  );
}
