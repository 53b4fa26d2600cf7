// pngjs (qrcode's PNG encoder) has no bundled types; tests only read a PNG back into pixels.
declare module 'pngjs' {
  export const PNG: {
    sync: { read(buffer: Buffer): { width: number; height: number; data: Buffer } };
  };
}
