import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Access, Errno } from '@sunstack/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedHeaders, startTestApp, type TestAccount, type TestApp } from '../../test/harness.ts';

let t: TestApp;
let admin: TestAccount;
let distributor: TestAccount;
let port: number;
const PIXEL = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
const post = (path: string, body: unknown, who = admin) => t.call('POST', path, body, { token: who.token });
const uploadLogo = (bytes: Buffer, name: string, who = admin) => t.upload('/c/v0/brand/logo/upload', bytes, name, { token: who.token });
const solar = { name: 'SolarOne', domain: 'console.solarone.example', androidLink: 'https://play.example/solarone', iosLink: '' };

/** A real HTTP GET to the listening app, sent to `host` (as a browser on that domain would). */
function getFrom(host: string, path: string) {
  return new Promise<{ status: number; type: string; body: Buffer }>((resolve, reject) => {
    const request = httpRequest(
      { host: '127.0.0.1', port, path, headers: { ...signedHeaders(path.split('?')[0] as string, '', 'en'), host } },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, type: String(response.headers['content-type']), body: Buffer.concat(chunks) }),
        );
      },
    );
    request.on('error', reject);
    request.end();
  });
}
const currentOn = async (host: string) => JSON.parse((await getFrom(host, '/c/v0/brand/current')).body.toString());

beforeAll(async () => {
  t = await startTestApp();
  admin = await t.createAccount(Access.admin);
  distributor = await t.createAccount(Access.distributor, { organisationId: await t.createBranch('distributor', 'BRANDDIST') });
  await t.app.http.listen({ host: '127.0.0.1', port: 0 });
  port = (t.app.http.server.address() as AddressInfo).port;
});
afterAll(() => t.close());

describe('brands (issue 23)', () => {
  it('follows the Host a request was sent to: the brand of that domain, else the default look', async () => {
    const logo = (await uploadLogo(PIXEL, 'solarone.png')).body.result.id;
    const created = await post('/c/v0/brand/create', { ...solar, domain: 'Console.SolarOne.example', logoId: logo });
    expect(created.body.errno, JSON.stringify(created.body)).toBe(0);
    const id = created.body.result.id;

    const shown = { id, name: 'SolarOne', logoId: logo, downloadLink: '', androidLink: solar.androidLink, iosLink: '' };
    expect(await currentOn('console.solarone.example')).toEqual({ errno: 0, result: { brand: shown } });
    // The port is not part of the domain, nor is the case.
    expect(await currentOn(`CONSOLE.solarone.example:${port}`)).toEqual({ errno: 0, result: { brand: shown } });
    expect(await currentOn('other.example')).toEqual({ errno: 0, result: { brand: null } });
    expect(await currentOn(`127.0.0.1:${port}`)).toEqual({ errno: 0, result: { brand: null } });

    // The logo is public (the sign-in page shows it), any other file answers like a missing one.
    const image = await getFrom('other.example', `/c/v0/brand/logo?id=${logo}`);
    expect(image).toMatchObject({ status: 200, type: 'image/png' });
    expect(image.body.equals(PIXEL)).toBe(true);
    const loose = (await uploadLogo(PIXEL, 'loose.png')).body.result.id;
    expect(JSON.parse((await getFrom('other.example', `/c/v0/brand/logo?id=${loose}`)).body.toString())).toEqual({
      errno: Errno.notFound,
      result: {},
    });

    // Deleting the brand gives its domain the default look back and frees its logo.
    expect((await post('/c/v0/brand/delete', { id })).body.errno).toBe(0);
    expect(await currentOn('console.solarone.example')).toEqual({ errno: 0, result: { brand: null } });
    expect((await post('/c/v0/file/list', { purpose: 'brand', pageSize: 50 })).body.result.files.map((f: { id: number }) => f.id)).toEqual([
      loose,
    ]);
  });

  it('checks names, domains, links and logos, and changes nothing on a refusal', async () => {
    const invalid = async (body: object) => (await post('/c/v0/brand/create', { ...solar, ...body })).body;
    expect((await invalid({ name: '' })).result.issues[0].message).toBe('brand.nameLength');
    expect((await invalid({ name: 'x'.repeat(17) })).result.issues[0].message).toBe('brand.nameLength');
    expect((await invalid({ domain: 'https://solarone.example/' })).result.issues[0].message).toBe('brand.domainInvalid');
    expect((await invalid({ iosLink: 'javascript:alert(1)' })).result.issues[0].message).toBe('brand.linkInvalid');
    expect((await invalid({ name: 'x'.repeat(16), domain: 'sixteen.example' })).errno).toBe(0);

    // A logo by its bytes: a renamed program or a PDF is refused.
    const exe = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(3000, 1)]);
    expect((await uploadLogo(exe, 'logo.png')).body.result.issues).toEqual([{ path: 'file', message: 'brand.onlyImages' }]);
    expect((await uploadLogo(Buffer.from('%PDF-1.7\n...'), 'logo.jpg')).body.result.issues[0].message).toBe('brand.onlyImages');

    // One brand per domain; a logo another brand shows is not taken over.
    const logo = (await uploadLogo(PIXEL, 'a.png')).body.result.id;
    const first = (await post('/c/v0/brand/create', { ...solar, domain: 'a.example', logoId: logo })).body.result.id;
    expect((await post('/c/v0/brand/create', { ...solar, domain: 'a.example' })).body.errno).toBe(Errno.brandDomainTaken);
    expect((await post('/c/v0/brand/create', { ...solar, domain: 'b.example', logoId: logo })).body.errno).toBe(Errno.notFound);
    const second = (await post('/c/v0/brand/create', { ...solar, domain: 'b.example' })).body.result.id;
    expect((await post('/c/v0/brand/update', { ...solar, id: second, domain: 'a.example' })).body.errno).toBe(Errno.brandDomainTaken);
    expect((await post('/c/v0/brand/update', { ...solar, id: 999999, domain: 'c.example' })).body.errno).toBe(Errno.notFound);
    const brands = (await post('/c/v0/brand/list', {})).body.result.brands;
    expect(brands.find((b: { id: number }) => b.id === second)).toMatchObject({ domain: 'b.example', logoId: null });

    // A logo in use is not deleted in file management; replacing it frees the old one.
    expect((await post('/c/v0/file/delete', { id: logo })).body.errno).toBe(Errno.fileInUse);
    const used = (await post('/c/v0/file/list', { purpose: 'brand', pageSize: 50 })).body.result.files;
    expect(used.find((f: { id: number }) => f.id === logo).usedBy).toEqual([{ kind: 'brand', id: first, label: 'SolarOne' }]);
    const next = (await uploadLogo(PIXEL, 'b.png')).body.result.id;
    expect((await post('/c/v0/brand/update', { ...solar, id: first, name: 'Solar 2', domain: 'a.example', logoId: next })).body.errno).toBe(
      0,
    );
    expect((await post('/c/v0/file/delete', { id: logo })).body.errno).toBe(Errno.notFound);

    const log = await post('/c/v0/log/operation/list', { objectType: 'brand', objectId: String(first) });
    expect(log.body.result.entries.map((e: { action: string }) => e.action)).toEqual(['brand.update', 'brand.create']);
  });

  it('is for administrators only', async () => {
    expect((await post('/c/v0/brand/list', {}, distributor)).body.errno).toBe(Errno.noPermission);
    expect((await post('/c/v0/brand/create', solar, distributor)).body.errno).toBe(Errno.noPermission);
    expect((await uploadLogo(PIXEL, 'x.png', distributor)).body.errno).toBe(Errno.noPermission);
  });
});
