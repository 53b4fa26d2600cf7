/**
 * Starts the camera in the element with this id and reports each decoded text; resolves with a
 * stop function, rejects when the camera cannot be opened. The dialog takes it as a parameter so
 * tests can drive scans without a camera.
 */
export type StartCamera = (elementId: string, onDecoded: (text: string) => void) => Promise<() => Promise<void>>;

// SPEC 9: 10 frames per second, a 250 x 250 scan box, the rear camera.
const SCAN_CONFIG = { fps: 10, qrbox: { width: 250, height: 250 } };

export const startHtml5Camera: StartCamera = async (elementId, onDecoded) => {
  // html5-qrcode loads with the scanner, not with the dashboard.
  const { Html5Qrcode } = await import('html5-qrcode');
  const scanner = new Html5Qrcode(elementId, { verbose: false });
  await scanner.start({ facingMode: 'environment' }, SCAN_CONFIG, (text) => onDecoded(text), () => undefined);
  return async () => {
    try {
      if (scanner.isScanning) await scanner.stop();
      scanner.clear();
    } catch {
      // Already stopped (e.g. the dialog closed while the camera was starting).
    }
  };
};
