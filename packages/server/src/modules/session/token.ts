import { hash, randomBytes } from 'node:crypto';

/** 256 random bits, sent to the client once; only the hash is stored. */
export const newToken = () => randomBytes(32).toString('base64url');
export const hashToken = (token: string) => hash('sha256', token, 'buffer');
