import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { inflateRawSync } from 'node:zlib';

/**
 * The files of a zip archive (a .pkpass), read from its central directory: stored or deflated
 * entries, as a wallet reads them.
 */
export function unzip(archive: Buffer): Map<string, Buffer> {
  const files = new Map<string, Buffer>();
  const end = archive.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  const count = archive.readUInt16LE(end + 10);
  let at = archive.readUInt32LE(end + 16);
  for (let index = 0; index < count; index++) {
    const method = archive.readUInt16LE(at + 10);
    const size = archive.readUInt32LE(at + 20);
    const nameLength = archive.readUInt16LE(at + 28);
    const extraLength = archive.readUInt16LE(at + 30);
    const commentLength = archive.readUInt16LE(at + 32);
    const local = archive.readUInt32LE(at + 42);
    const name = archive.toString('utf8', at + 46, at + 46 + nameLength);
    const start = local + 30 + archive.readUInt16LE(local + 26) + archive.readUInt16LE(local + 28);
    const data = archive.subarray(start, start + size);
    files.set(name, method === 8 ? inflateRawSync(data) : Buffer.from(data));
    at += 46 + nameLength + extraLength + commentLength;
  }
  return files;
}

/** Where throwawayPassCertificates wrote its files. */
export interface PassCertificateFiles {
  /** The root standing in for Apple's WWDR intermediate. */
  wwdr: string;
  /** The Pass Type ID certificate the root signed, and its private key. */
  cert: string;
  key: string;
}

/**
 * A throwaway certificate authority made in `dir` with the openssl CLI: a root standing in for
 * Apple's WWDR intermediate (which signs Pass Type ID certificates) and a pass certificate for
 * `passTypeId` it signed, each valid for two days. A pass signed with them must verify against
 * that root and nothing else.
 */
export function throwawayPassCertificates(dir: string, passTypeId: string, teamId = 'TEAM123456'): PassCertificateFiles {
  const openssl = (...args: string[]) => execFileSync('openssl', args, { cwd: dir, stdio: 'pipe' });
  openssl(
    'req',
    '-x509',
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-keyout',
    'ca.key',
    '-out',
    'ca.pem',
    '-days',
    '2',
    '-subj',
    '/CN=Throwaway WWDR',
  );
  openssl(
    'req',
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-keyout',
    'pass.key',
    '-out',
    'pass.csr',
    '-subj',
    `/UID=${passTypeId}/CN=Pass Type ID: ${passTypeId}/OU=${teamId}`,
  );
  openssl(
    'x509',
    '-req',
    '-in',
    'pass.csr',
    '-CA',
    'ca.pem',
    '-CAkey',
    'ca.key',
    '-CAcreateserial',
    '-out',
    'pass.pem',
    '-days',
    '2',
  );
  return { wwdr: path.join(dir, 'ca.pem'), cert: path.join(dir, 'pass.pem'), key: path.join(dir, 'pass.key') };
}
