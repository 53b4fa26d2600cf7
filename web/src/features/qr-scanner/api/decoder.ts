/**
 * Reads a QR code from one camera frame. The browser's own BarcodeDetector where it has one
 * (Android, ChromeOS, macOS, iOS 17+); elsewhere zxing-wasm (the C++ ZXing decoder compiled to
 * WebAssembly, actively kept), which also tries the inverted image, so a light-on-dark code reads
 * too. Both load with the scanner only; the .wasm file is served by our own origin.
 */
type DecodeFrame = (frame: ImageData) => Promise<string | null>;

export interface FrameDecoder {
  engine: 'native' | 'zxing';
  decode: DecodeFrame;
}

interface NativeDetector {
  detect(source: ImageData): Promise<{ rawValue: string }[]>;
}
interface NativeDetectorClass {
  new (options: { formats: string[] }): NativeDetector;
  getSupportedFormats(): Promise<string[]>;
}

/** The same frame with light and dark swapped: BarcodeDetector does not try that itself. */
function invertFrame(frame: ImageData): ImageData {
  const data = new Uint8ClampedArray(frame.data);
  for (let i = 0; i < data.length; i += 4) {
    data[i] = 255 - data[i]!;
    data[i + 1] = 255 - data[i + 1]!;
    data[i + 2] = 255 - data[i + 2]!;
  }
  return new ImageData(data, frame.width, frame.height);
}

async function nativeDecoder(): Promise<FrameDecoder | null> {
  const Detector = (globalThis as { BarcodeDetector?: NativeDetectorClass }).BarcodeDetector;
  if (!Detector) return null;
  try {
    if (!(await Detector.getSupportedFormats()).includes('qr_code')) return null;
    const detector = new Detector({ formats: ['qr_code'] });
    const first = async (frame: ImageData) => (await detector.detect(frame)).find((code) => code.rawValue)?.rawValue ?? null;
    return { engine: 'native', decode: async (frame) => (await first(frame)) ?? (await first(invertFrame(frame))) };
  } catch {
    return null;
  }
}

async function zxingDecoder(): Promise<FrameDecoder> {
  const [{ prepareZXingModule, readBarcodes }, { default: wasmUrl }] = await Promise.all([
    import('zxing-wasm/reader'),
    import('zxing-wasm/reader/zxing_reader.wasm?url'),
  ]);
  // Starts fetching the wasm now; readBarcodes waits for it.
  void prepareZXingModule({
    overrides: { locateFile: (path: string, prefix: string) => (path.endsWith('.wasm') ? wasmUrl : prefix + path) },
    fireImmediately: true,
  });
  const options = { formats: ['QRCode' as const], tryHarder: true, tryInvert: true, maxNumberOfSymbols: 1 };
  return {
    engine: 'zxing',
    decode: async (frame) => (await readBarcodes(frame, options)).find((result) => result.isValid && result.text)?.text ?? null,
  };
}

let loading: Promise<FrameDecoder> | null = null;

export function loadDecoder(): Promise<FrameDecoder> {
  loading ??= nativeDecoder().then((native) => native ?? zxingDecoder());
  loading.catch(() => (loading = null));
  return loading;
}
