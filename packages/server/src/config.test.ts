import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

describe('configuration from the environment', () => {
  it('has embedded defaults: port 8080, PGlite under ./data, demo mode', () => {
    const config = loadConfig({});
    expect(config.port).toBe(8080);
    expect(config.databaseUrl).toBeUndefined();
    expect(config.dataDir.endsWith('/data')).toBe(true);
    expect(config.demo).toBe(true);
    expect(config.roles).toEqual(['api', 'jobs', 'ingest', 'simulator']);
    expect(config.mqtt).toEqual({ host: '127.0.0.1', port: 1884, instance: 'main', external: undefined });
  });

  it('takes a map tile server with {z}, {x} and {y}, and has none by default', () => {
    expect(loadConfig({}).mapTiles).toEqual({ url: undefined, attribution: '' });
    const url = 'https://tiles.example.com/{z}/{x}/{y}.png';
    expect(loadConfig({ MAP_TILE_URL: url, MAP_TILE_ATTRIBUTION: '© Example' }).mapTiles).toEqual({ url, attribution: '© Example' });
  });

  it("takes an external broker with Sunstack's client there", () => {
    const env = { MQTT_URL: 'mqtt://broker:1883', MQTT_ADMIN_USER: 'sunstack', MQTT_ADMIN_PASSWORD: 'pw' };
    expect(loadConfig(env).mqtt.external).toEqual({ url: 'mqtt://broker:1883', username: 'sunstack', password: 'pw' });
  });

  it('is never in demo mode on DATABASE_URL', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://u@h:5432/db' }).demo).toBe(false);
  });

  it.each([
    [{ PORT: 'eighty' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL'],
    [{ SMTP_URL: 'http://mail' }, 'SMTP_URL'],
    [{ PUBLIC_URL: 'not a url' }, 'PUBLIC_URL'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL'],
    [{ ROLES: 'api,coffee' }, 'ROLES'],
    [{ MAP_TILE_URL: 'ftp://tiles/{z}/{x}/{y}.png' }, 'MAP_TILE_URL'],
    [{ MAP_TILE_URL: 'https://tiles.example.com/tile.png' }, 'MAP_TILE_URL'],
    [{ MQTT_URL: 'mqtt://broker:1883', MQTT_ADMIN_PASSWORD: 'pw' }, 'MQTT_ADMIN_USER'],
    [{ MQTT_URL: 'mqtt://broker:1883', MQTT_ADMIN_USER: 'sunstack' }, 'MQTT_ADMIN_PASSWORD'],
  ])('names the bad variable in %o', (env, name) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(new RegExp(`^Invalid environment:\\n\\s+${name}`));
  });
});
