import type { SunPosition } from './sun.ts';

/** Irradiance from the sun's position: clear sky, split into beam and diffuse, onto a tilted plane. */

const RAD = Math.PI / 180;
export const SOLAR_CONSTANT = 1361;

export interface Irradiance {
  /** Global horizontal, W/m². */
  ghi: number;
  /** Direct normal, W/m². */
  dni: number;
  /** Diffuse horizontal, W/m². */
  dhi: number;
}

/** A panel plane: compass azimuth it faces (180 south) and inclination from horizontal (0-90). */
export interface Surface {
  azimuth: number;
  tilt: number;
}

/** Extraterrestrial irradiance normal to the sun's rays. */
export function extraterrestrialNormal(sun: SunPosition): number {
  return SOLAR_CONSTANT / sun.distanceAu ** 2;
}

/** Clear-sky global horizontal irradiance (Haurwitz 1945): needs only the zenith angle. */
export function clearSkyGhi(sun: SunPosition): number {
  if (sun.zenith >= 90) return 0;
  const cosZenith = Math.cos(sun.zenith * RAD);
  return 1098 * cosZenith * Math.exp(-0.059 / cosZenith);
}

/**
 * Splits global horizontal irradiance into direct and diffuse by the clearness index (Erbs,
 * Klein and Duffie 1982): clouds turn beam light into diffuse light.
 */
export function decompose(ghi: number, sun: SunPosition): Irradiance {
  if (ghi <= 0 || sun.zenith >= 90) return { ghi: 0, dni: 0, dhi: 0 };
  const cosZenith = Math.max(Math.cos(sun.zenith * RAD), 0.0175);
  const clearness = Math.min(ghi / (extraterrestrialNormal(sun) * cosZenith), 1);
  let diffuseFraction: number;
  if (clearness <= 0.22) diffuseFraction = 1 - 0.09 * clearness;
  else if (clearness <= 0.8)
    diffuseFraction = 0.9511 - 0.1604 * clearness + 4.388 * clearness ** 2 - 16.638 * clearness ** 3 + 12.336 * clearness ** 4;
  else diffuseFraction = 0.165;
  const dhi = ghi * diffuseFraction;
  // Near the horizon the beam is unreliable; cap it at what the atmosphere can pass.
  const dni = Math.min((ghi - dhi) / cosZenith, extraterrestrialNormal(sun) * 0.85);
  return { ghi, dni, dhi };
}

/** Cosine of the angle between the sun's rays and the surface normal. */
export function cosIncidence(sun: SunPosition, surface: Surface): number {
  const zenith = sun.zenith * RAD;
  const tilt = surface.tilt * RAD;
  return Math.cos(zenith) * Math.cos(tilt) + Math.sin(zenith) * Math.sin(tilt) * Math.cos((sun.azimuth - surface.azimuth) * RAD);
}

/**
 * Plane-of-array irradiance (Hay-Davies transposition: circumsolar diffuse follows the beam, the
 * rest is isotropic) with ground reflection, and reflection losses at steep incidence (ASHRAE IAM).
 */
export function planeOfArray(sun: SunPosition, irradiance: Irradiance, surface: Surface, albedo = 0.2): number {
  if (irradiance.ghi <= 0) return 0;
  const cosAoi = cosIncidence(sun, surface);
  const cosZenith = Math.max(Math.cos(sun.zenith * RAD), 0.05);
  const cosTilt = Math.cos(surface.tilt * RAD);
  const anisotropy = Math.min(irradiance.dni / extraterrestrialNormal(sun), 1);
  const beamRatio = Math.max(cosAoi, 0) / cosZenith;
  const beam = irradiance.dni * Math.max(cosAoi, 0) * incidenceAngleModifier(cosAoi);
  const diffuse = irradiance.dhi * (anisotropy * beamRatio + (1 - anisotropy) * ((1 + cosTilt) / 2));
  const reflected = irradiance.ghi * albedo * ((1 - cosTilt) / 2);
  return beam + diffuse + reflected;
}

function incidenceAngleModifier(cosAoi: number): number {
  if (cosAoi <= 0.05) return 0;
  return Math.max(0, 1 - 0.05 * (1 / cosAoi - 1));
}
