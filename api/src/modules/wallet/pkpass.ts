import { constants, createHash, createPrivateKey, type KeyObject, privateEncrypt } from 'node:crypto';
import { createRequire } from 'node:module';
import { crc32 } from 'node:zlib';
import type forge from 'node-forge';

/**
 * node-forge, loaded when a signer is made, that is only when Apple Wallet is configured: some
 * 10 MB of memory an api without it does not hold.
 */
let forgeModule: typeof forge | undefined;
const loadForge = (): typeof forge => (forgeModule ??= createRequire(import.meta.url)('node-forge') as typeof forge);

/** The pass certificate and key and Apple's WWDR certificate, as PEM text. */
export interface PassCertificates {
  signerCert: string;
  signerKey: string;
  signerKeyPassphrase?: string;
  wwdr: string;
}

/** DER prefix of a SHA-1 DigestInfo (RFC 8017 §9.2): what RSASSA-PKCS1-v1_5 signs around the digest. */
const SHA1_DIGEST_INFO = Buffer.from('3021300906052b0e03021a05000414', 'hex');

/**
 * Signs and packs passes as Apple's "Building a pass" describes the bundle: every file's SHA-1
 * in manifest.json, a detached PKCS #7 signature of the manifest by the pass certificate (with
 * the WWDR intermediate included) in `signature`, all zipped into the .pkpass. node-forge lays
 * out the PKCS #7 structure; the RSA operation itself is Node's (OpenSSL), far faster than
 * forge's JavaScript one. Parsed certificates and key are kept for every later pass.
 */
export class PassSigner {
  private readonly signerCert: forge.pki.Certificate;
  private readonly wwdr: forge.pki.Certificate;
  private readonly key: KeyObject;

  private readonly forge = loadForge();

  constructor(certificates: PassCertificates) {
    const { pki } = this.forge;
    this.signerCert = pki.certificateFromPem(certificates.signerCert);
    this.wwdr = pki.certificateFromPem(certificates.wwdr);
    this.key = createPrivateKey({
      key: certificates.signerKey,
      ...(certificates.signerKeyPassphrase ? { passphrase: certificates.signerKeyPassphrase } : {}),
    });
  }

  /** The .pkpass archive of these files (names to contents), with manifest.json and signature added. */
  pack(files: Record<string, Buffer>): Buffer {
    const manifest: Record<string, string> = {};
    for (const [name, content] of Object.entries(files)) manifest[name] = createHash('sha1').update(content).digest('hex');
    const manifestBuffer = Buffer.from(JSON.stringify(manifest));
    return zip({ ...files, 'manifest.json': manifestBuffer, signature: this.sign(manifestBuffer) });
  }

  /** The detached PKCS #7 (CMS SignedData) signature of the manifest. */
  sign(manifest: Buffer): Buffer {
    const { asn1, pkcs7, pki, util } = this.forge;
    const signed = pkcs7.createSignedData();
    signed.content = util.createBuffer(manifest.toString('binary'));
    signed.addCertificate(this.wwdr);
    signed.addCertificate(this.signerCert);
    const key = this.key;
    signed.addSigner({
      // forge asks the key to sign the digest of the authenticated attributes.
      key: {
        sign: (md: forge.md.MessageDigest) =>
          privateEncrypt(
            { key, padding: constants.RSA_PKCS1_PADDING },
            Buffer.concat([SHA1_DIGEST_INFO, Buffer.from(md.digest().getBytes(), 'binary')]),
          ).toString('binary'),
      } as unknown as forge.pki.rsa.PrivateKey,
      certificate: this.signerCert,
      digestAlgorithm: pki.oids['sha1']!,
      authenticatedAttributes: [
        { type: pki.oids['contentType']!, value: pki.oids['data']! },
        { type: pki.oids['messageDigest']! },
        { type: pki.oids['signingTime']! },
      ],
    });
    signed.sign({ detached: true });
    return Buffer.from(asn1.toDer(signed.toAsn1()).getBytes(), 'binary');
  }
}

/** A zip archive of stored (uncompressed) entries: passes are small, and Wallet reads either. */
function zip(files: Record<string, Buffer>): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, content] of Object.entries(files)) {
    const fileName = Buffer.from(name, 'utf8');
    const crc = crc32(content);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4); // version needed
    local.writeUInt16LE(0x0800, 6); // UTF-8 names
    local.writeUInt16LE(0, 8); // stored
    local.writeUInt32LE(0, 10); // time, date
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(content.length, 18);
    local.writeUInt32LE(content.length, 22);
    local.writeUInt16LE(fileName.length, 26);
    local.writeUInt16LE(0, 28);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x0800, 8);
    central.writeUInt16LE(0, 10);
    central.writeUInt32LE(0, 12);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(content.length, 20);
    central.writeUInt32LE(content.length, 24);
    central.writeUInt16LE(fileName.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, fileName, content);
    centrals.push(central, fileName);
    offset += local.length + fileName.length + content.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(Object.keys(files).length, 8);
  end.writeUInt16LE(Object.keys(files).length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}
